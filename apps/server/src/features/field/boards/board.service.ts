import { wallClockOf, type Access, type BoardTechnician, type JobSite, type ScheduleItem, type TeamLeaderBoard, type TeamLeaderBoardQuery } from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { companyTimeZone } from '../../platform/subscribers/company-time';
import { knownTimeZone, zonedDate } from '../scheduling/schedule-lookups';
import { listScheduleItems } from '../scheduling/schedule-items.service';
import { fieldTechnicians, lastPositionsOf, openLaborOf, placedCustomers, statusSince } from './board-lookups';

/** The day after a YYYY-MM-DD day, in the same form. */
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * `TeamLeader/board`: the master board of one day. Whose technicians: every active field user of the company
 * (`FIELD_ROLE_IDS`), for a team leader as for a Super Admin, an Administrator or anyone else with the Team Leader
 * area. Each user's own team leaders are set on the users page (`user_team_leaders`, read by `listMyTeamLeaders`);
 * to narrow a leader's board to the users they lead, this is the one place.
 *
 * For each technician: the work status and the open labor as they are now, the last position known that day and
 * the day's items in time order. The items come from `listScheduleItems` with the caller's own access, so series
 * are expanded there and a caller without the Scheduler's grid permission sees only their own items. Job sites are
 * the customers of those items' work orders that have a position.
 */
export async function teamLeaderBoard(ctx: Ctx, access: Access, query: TeamLeaderBoardQuery): Promise<TeamLeaderBoard> {
  const timeZone = query.timeZone ? knownTimeZone(query.timeZone) : await companyTimeZone(ctx);
  const date = query.date ?? wallClockOf(ctx.now, timeZone).toISOString().slice(0, 10);
  const end = nextDay(date);
  const [from, to] = [zonedDate(date, timeZone, 'Date'), zonedDate(end, timeZone, 'Date')];
  // The schedule first: it answers 404 for a technician of another company, before anything else is read.
  const items = await listScheduleItems(ctx, access, { start: date, end, timeZone, technicianId: query.technicianId });
  const people = await fieldTechnicians(ctx, query);
  const ids = people.map((p) => p.userId);
  const [since, labor, positions] = await Promise.all([statusSince(ctx, ids), openLaborOf(ctx, ids), lastPositionsOf(ctx, ids, from, to)]);

  const itemsOf = new Map<number, ScheduleItem[]>(ids.map((id) => [id, []]));
  for (const item of items) if (item.technicianId !== null) itemsOf.get(item.technicianId)?.push(item);

  const technicians: BoardTechnician[] = people.map((p) => ({
    userId: p.userId,
    name: p.name,
    phone: p.phone,
    status:
      p.userStatusId !== null && p.userStatus !== null
        ? { userStatusId: p.userStatusId, userStatus: p.userStatus, description: p.description, since: since.get(p.userId)?.toISOString() ?? null }
        : null,
    openLabor: labor.get(p.userId) ?? null,
    position: positions.get(p.userId) ?? null,
    items: itemsOf.get(p.userId) ?? [],
  }));
  return { date, timeZone, technicians, jobSites: await jobSitesOf(ctx, technicians.flatMap((t) => t.items)) };
}

/** The placed customers the items visit, each with its work orders and technicians, by customer name. */
async function jobSitesOf(ctx: Ctx, items: ScheduleItem[]): Promise<JobSite[]> {
  const visits = new Map<number, { workOrderNumbers: Set<string>; technicianIds: Set<number> }>();
  for (const item of items) {
    if (!item.customer || !item.workOrderNumber) continue;
    const visit = visits.get(item.customer.id) ?? { workOrderNumbers: new Set(), technicianIds: new Set() };
    visit.workOrderNumbers.add(item.workOrderNumber);
    if (item.technicianId !== null) visit.technicianIds.add(item.technicianId);
    visits.set(item.customer.id, visit);
  }
  const placed = await placedCustomers(ctx, [...visits.keys()]);
  return placed.flatMap((c) => {
    const visit = visits.get(c.id)!;
    if (c.latitude === null || c.longitude === null) return [];
    return [
      {
        customerId: c.id,
        name: c.name,
        address: c.address,
        city: c.city,
        latitude: c.latitude,
        longitude: c.longitude,
        workOrderNumbers: [...visit.workOrderNumbers].sort(),
        technicianIds: [...visit.technicianIds].sort((a, b) => a - b),
      },
    ];
  });
}
