import { z } from 'zod';

export const perDiemTypeSchema = z.object({ perDiemTypeId: z.number(), perDiemTypeName: z.string() });
export const workOrderFlagSchema = z.object({ workOrderFlagId: z.number(), workOrderFlagName: z.string() });
export const itemRateTypeSchema = z.object({ itemRateTypeId: z.number(), itemRateTypeName: z.string() });
export const workOrderStatusSchema = z.object({ workOrderStatusId: z.number(), workOrderStatus: z.string() });
export const userStatusSchema = z.object({
  userStatusId: z.number(),
  userStatus: z.string(),
  isDisabled: z.boolean(),
  isPayable: z.boolean(),
  needsDescription: z.boolean(),
});
export type UserStatusOption = z.infer<typeof userStatusSchema>;

export const rateSheetLaborItemSchema = z.object({
  serviceTechnicianId: z.number(),
  employeeType: z.string(),
  technicianUserId: z.number(),
  apprenticeRate: z.number().nullable(),
  customerRateSheetId: z.number(),
  rateSheetName: z.string(),
  dailyRate: z.number(),
  hourlyRate: z.number(),
  otHourlyRate: z.number(),
  standByRate: z.number(),
});
export const rateSheetTruckSchema = z.object({
  rateSheetTruckTypeId: z.number(),
  customerRateSheetId: z.number(),
  name: z.string(),
  hourlyRate: z.number(),
  tripCharge: z.number(),
});
