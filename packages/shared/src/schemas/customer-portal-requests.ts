import { z } from 'zod';
import { optionalText, requiredText, idParam } from './common';
import { phoneField } from './customers';
import { PORTAL_LOCATION_EXAMPLE, portalWorkOrderSchema } from './customer-portal';
import { DEFAULT_UPLOAD_EXTENSIONS, FILE_MAX_BYTES } from './files';

/**
 * "Request service" in the customer portal (spec platform 2.2 customer portal): the contact asks for a visit at one of
 * the billing customer's locations, says what is wrong, when suits them and how to reach them, and adds photos taken
 * with the phone. The office receives it as a new work order in ToDo, with the photos among its files.
 */
export const PORTAL_REQUEST_MAX_PHOTOS = 5;
/** The pictures a request takes (spec 5.4's default upload types), each checked by its content. */
export const PORTAL_REQUEST_PHOTO_EXTENSIONS = DEFAULT_UPLOAD_EXTENSIONS;
export const PORTAL_REQUEST_PROBLEM_MAX = 1000;
export const PORTAL_REQUEST_TOO_MANY_PHOTOS = `At most ${PORTAL_REQUEST_MAX_PHOTOS} photos may be sent with a request.`;
/** The multipart field the photos travel in. */
export const PORTAL_REQUEST_PHOTO_FIELD = 'photos';

/**
 * `POST CustomerPortal/{id}/serviceRequests`, as multipart/form-data: the text fields, and up to five photos in the
 * field `photos` (jpeg, jpg, png or heic, at most 25 MB each). The location is one of the link's billing customer's.
 */
export const portalServiceRequestBody = z
  .object({
    locationId: idParam('Location'),
    problem: requiredText('Problem description', PORTAL_REQUEST_PROBLEM_MAX),
    preferredTime: optionalText('Preferred time', 200).trim().nullish(),
    contactName: optionalText('Contact name', 100).trim().nullish(),
    contactPhone: phoneField('Contact phone'),
    photos: z
      .array(z.any().meta({ type: 'string', format: 'binary', description: `A photo: ${PORTAL_REQUEST_PHOTO_EXTENSIONS.join(', ')}, at most ${FILE_MAX_BYTES / 1024 / 1024} MB` }))
      .max(PORTAL_REQUEST_MAX_PHOTOS, PORTAL_REQUEST_TOO_MANY_PHOTOS)
      .default([]),
  })
  .meta({
    example: { locationId: '12', problem: 'The walk-in cooler is warm: 48°F this morning.', preferredTime: 'Weekday mornings before 11', contactName: 'Dana Lopez', contactPhone: '214-555-0177', photos: [] },
  });
export type PortalServiceRequestBody = z.input<typeof portalServiceRequestBody>;

/** The new work order as the portal lists it, and how many photos it keeps. */
export const portalServiceRequestAnswer = portalWorkOrderSchema.extend({ photoCount: z.number().int() }).meta({
  example: {
    workOrderId: 913, workOrderNumber: '10517', location: PORTAL_LOCATION_EXAMPLE,
    problem: 'The walk-in cooler is warm: 48°F this morning.\n\nPreferred time: Weekday mornings before 11\nRequested through the customer portal by Dana Lopez (214-555-0177).',
    status: 'ToDo', isOpen: true, createdAt: '2026-11-29T15:04:00.000Z', visits: [], signatures: [], photoCount: 2,
  },
});
export type PortalServiceRequestAnswer = z.infer<typeof portalServiceRequestAnswer>;
