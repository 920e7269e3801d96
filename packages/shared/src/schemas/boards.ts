import { z } from 'zod';
import { idParam, optionalText } from './common';
import { customerLocationSchema } from './customers';
import { scheduleItemSchema } from './scheduling';

/**
 * `TeamLeader/board`: one day of the team (by default today in the company's time zone), optionally narrowed to
 * one technician, to technicians in one work status, or to names containing `search`. `timeZone` (an IANA name)
 * is where the day is read; by default the company's.
 */
export const teamLeaderBoardQuery = z.object({
  date: z.iso.date({ error: 'Date must be a day like 2026-03-01.' }).optional(),
  timeZone: optionalText('Time zone', 64).optional(),
  technicianId: idParam('Technician').optional(),
  userStatusId: idParam('User Status').optional(),
  search: optionalText('Search', 100).optional(),
});
export type TeamLeaderBoardQuery = z.output<typeof teamLeaderBoardQuery>;

/** A technician's work status now, and since when (the start of the open entry of the status time sheet). */
export const boardUserStatusSchema = z.object({
  userStatusId: z.number(),
  userStatus: z.string(),
  description: z.string().nullable(),
  since: z.string().nullable(),
});

/** The labor entry a technician has open now: the job they are on (or on the way to), since when. */
export const boardOpenLaborSchema = z.object({
  workOrderLaborId: z.number(),
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  customer: z.string(),
  since: z.string(),
  isReachedAtSite: z.boolean(),
});

/** Where a technician was last seen that day: the latest clock-in or clock-out that carried a position. */
export const boardPositionSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  at: z.string(),
  /** The position as the geocoder names it ("1401 Elm St, Dallas"); null until named, or when it could not be. */
  address: z.string().nullable(),
});

export const boardTechnicianSchema = z.object({
  userId: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  status: boardUserStatusSchema.nullable(),
  openLabor: boardOpenLaborSchema.nullable(),
  position: boardPositionSchema.nullable(),
  /** The day's schedule items of this technician, series expanded, in time order. */
  items: z.array(scheduleItemSchema),
});
export type BoardTechnician = z.infer<typeof boardTechnicianSchema>;

/** A customer's site with a known position that the day's items visit, with the work orders and technicians. */
export const jobSiteSchema = customerLocationSchema.pick({ customerId: true, name: true, address: true, city: true }).extend({
  latitude: z.number(),
  longitude: z.number(),
  workOrderNumbers: z.array(z.string()),
  technicianIds: z.array(z.number()),
});
export type JobSite = z.infer<typeof jobSiteSchema>;

/** The master board's answer: the day it shows (YYYY-MM-DD in `timeZone`), the technicians and the job sites. */
export const teamLeaderBoardSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  technicians: z.array(boardTechnicianSchema),
  jobSites: z.array(jobSiteSchema),
});
export type TeamLeaderBoard = z.infer<typeof teamLeaderBoardSchema>;
