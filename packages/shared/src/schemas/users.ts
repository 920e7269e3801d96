import { z } from 'zod';
import { idParam, optionalText } from './common';

export const currentUserStatusSchema = z.object({
  userStatusId: z.number().nullable(),
  userStatus: z.string().nullable(),
  description: z.string().nullable(),
});
export type CurrentUserStatus = z.infer<typeof currentUserStatusSchema>;

export const statusValueParams = z.object({ statusValue: idParam('Status') });
export const updateStatusQuery = z.object({ description: optionalText('Description', 500).optional() });

export const teamLeaderSchema = z.object({ userId: z.number(), name: z.string(), email: z.string(), phone: z.string().nullable() });
export type TeamLeader = z.infer<typeof teamLeaderSchema>;
