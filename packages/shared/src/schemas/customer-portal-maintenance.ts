import { z } from 'zod';
import { idParam } from './common';
import { clientAuthenticationParams, PORTAL_LOCATION_EXAMPLE, portalLocationSchema } from './customer-portal';

/**
 * The customer portal's maintenance side (spec platform 2.2 customer portal): the equipment at the billing customer's
 * locations and its preventive-maintenance contracts, which the contact may approve or decline while one waits for an
 * answer. Never a piece's notes, the contract's technician, visit plan or who in the office wrote it.
 */

export const portalPmContractParams = clientAuthenticationParams.extend({ pmContractId: idParam('PM contract') });

export const portalEquipmentSchema = z.object({
  equipmentId: z.number(),
  name: z.string(),
  category: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  serialNumber: z.string().nullable(),
  installedOn: z.string().nullable(),
  warrantyEndsOn: z.string().nullable(),
  location: portalLocationSchema,
});
export type PortalEquipment = z.infer<typeof portalEquipmentSchema>;

export const portalEquipmentAnswer = z.array(portalEquipmentSchema).meta({
  example: [{ equipmentId: 41, name: 'Walk-in cooler #2', category: 'Walk-in Cooler', make: 'Kolpak', model: 'KF7-0810', serialNumber: 'KP-22910', installedOn: '2021-04-12', warrantyEndsOn: '2026-04-12', location: PORTAL_LOCATION_EXAMPLE }],
});

/** A contract sent whose request ran out without an answer is Expired: the company sends it again. Drafts are never shown. */
export const PORTAL_PM_CONTRACT_STATUSES = ['Waiting for your answer', 'Expired', 'Approved', 'Declined', 'Cancelled'] as const;

export const portalPmContractSchema = z.object({
  pmContractId: z.number(),
  name: z.string(),
  location: portalLocationSchema,
  frequencyName: z.string().nullable(),
  price: z.number(),
  priceBasis: z.enum(['visit', 'year']),
  startsOn: z.string(),
  endsOn: z.string(),
  renewsAutomatically: z.boolean(),
  status: z.enum(PORTAL_PM_CONTRACT_STATUSES),
  isWaiting: z.boolean().meta({ description: 'Sent for approval and not yet answered: the contact may approve or decline it' }),
  approverName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  equipment: z.array(z.object({ name: z.string(), tasks: z.array(z.string()) })),
});
export type PortalPmContract = z.infer<typeof portalPmContractSchema>;

const CONTRACT_EXAMPLE: PortalPmContract = {
  pmContractId: 7, name: 'Quarterly refrigeration PM', location: PORTAL_LOCATION_EXAMPLE, frequencyName: 'Quarterly', price: 240, priceBasis: 'visit', startsOn: '2027-01-01', endsOn: '2027-12-31',
  renewsAutomatically: true, status: 'Waiting for your answer', isWaiting: true, approverName: null, decidedAt: null, equipment: [{ name: 'Walk-in cooler #2', tasks: ['Clean condenser coil', 'Check door gaskets'] }],
};
export const portalPmContractAnswer = portalPmContractSchema.meta({ example: CONTRACT_EXAMPLE });
export const portalPmContractsAnswer = z.array(portalPmContractSchema).meta({ example: [CONTRACT_EXAMPLE] });
