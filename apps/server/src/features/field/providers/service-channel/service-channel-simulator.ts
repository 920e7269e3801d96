import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { distanceKm, SERVICE_CHANNEL_STATUSES } from '@sm/shared';
import type { SimulatorPlugin } from '../simulator/simulator-server';
import { SC_DEMO_CREDENTIALS, SC_DEMO_RADIUS_METERS, SC_DEMO_WORK_ORDERS } from './service-channel-demo-data';

/** A work order as the provider keeps it (its own field names, providers.md "Service-channel provider"). */
export interface ScSimWorkOrder {
  Id: number;
  Number: string;
  Status: { Primary: string; Extended: string | null };
  CallDate: string;
  Nte: { NotToExceed: number; Currency: string };
  Description: string;
  /** GpsRadius is in metres. */
  Location: { Id: number; Name: string; Latitude: number; Longitude: number; GpsRadius: number };
  IsVoided?: boolean;
}

export interface ScSimCredentials {
  clientId: string;
  clientSecret: string;
  userName: string;
  password: string;
}

export interface ScSimSeed {
  credentials: ScSimCredentials[];
  workOrders: ScSimWorkOrder[];
  /** Extended statuses a customer added to the standard ones, by primary status. */
  customExtended?: Record<string, string[]>;
}

interface CheckIn {
  MechanicId: number;
  WorkOrderId: number;
  UserId: number;
  TechsCount: number;
  WorkTypeId: number;
  Latitude: number;
  Longitude: number;
  CheckInTime: string;
  CheckOut?: Record<string, unknown>;
}

const TOKEN_SECONDS = 600;
/** Error codes of the real API: 924 out of range, 503 check-in time not allowed. */
const OUT_OF_RANGE = 924;
const TIME_NOT_ALLOWED = 503;
const HOUR = 3600_000;
/** universalCheckOut's PrimaryStatus values and the status each one leaves the work order in. */
const CHECK_OUT_STATUS: Record<string, { Primary: string; Extended: string | null } | null> = {
  NoStatusChange: null,
  InProgress: { Primary: 'IN PROGRESS', Extended: null },
  Completed: { Primary: 'COMPLETED', Extended: 'PENDING CONFIRMATION' },
  WaitingForQuote: { Primary: 'IN PROGRESS', Extended: 'WAITING FOR QUOTE' },
  PartsOnOrder: { Primary: 'IN PROGRESS', Extended: 'PARTS ON ORDER' },
  Incomplete: { Primary: 'IN PROGRESS', Extended: 'INCOMPLETE' },
};
/** Billing statuses: only the customer's side moves a work order there. */
const BILLING_STATUSES = ['INVOICED', 'PAID'];

/** The demo company's account and its two work orders (one near the technician, one far away). */
export function serviceChannelDemoSeed(now = new Date()): ScSimSeed {
  return {
    credentials: [{ ...SC_DEMO_CREDENTIALS }],
    workOrders: SC_DEMO_WORK_ORDERS.map((w) => ({
      Id: w.providerWorkOrderId,
      Number: w.workOrderNumber,
      Status: { Primary: 'OPEN', Extended: null },
      CallDate: new Date(now.getTime() - 2 * HOUR).toISOString(),
      Nte: { NotToExceed: w.nte, Currency: 'USD' },
      Description: w.problem,
      Location: { Id: w.locationId, Name: w.site.name, Latitude: w.site.latitude, Longitude: w.site.longitude, GpsRadius: SC_DEMO_RADIUS_METERS },
    })),
  };
}

const refuse = (reply: FastifyReply, status: number, code: number, message: string) => reply.code(status).send({ ErrorCode: code, ErrorMessage: message });

/**
 * The service-channel provider's API v3 as the simulator speaks it, under '/service-channel': the password-grant
 * token endpoint with HTTP Basic client credentials, work orders with their primary and extended statuses, the
 * check-in pre-checks, universal check-in and check-out, status changes, and the refusals the real service makes
 * (924 out of range, 503 too late, no check-in on a finished, invoiced or voided work order). Everything it receives
 * is kept and shown at `/__state`.
 */
export function serviceChannelSimulator(seed: () => ScSimSeed = serviceChannelDemoSeed): SimulatorPlugin {
  let data = seed();
  let tokens = new Set<string>();
  let checkIns: CheckIn[] = [];
  let received: { method: string; path: string; body: unknown; at: string }[] = [];
  let nextMechanicId = 7001;

  const workOrderOf = (req: FastifyRequest<{ Params: { id: string } }>) => data.workOrders.find((w) => String(w.Id) === req.params.id);
  const extendedOf = (primary: string) => [...(SERVICE_CHANNEL_STATUSES[primary] ?? []), ...(data.customExtended?.[primary] ?? [])];
  const deniedReason = (wo: ScSimWorkOrder, now: number): string | null => {
    if (wo.IsVoided) return 'The work order is voided.';
    if (BILLING_STATUSES.includes(wo.Status.Primary)) return 'The work order is invoiced.';
    if (wo.Status.Primary === 'COMPLETED' && wo.Status.Extended !== 'PENDING CONFIRMATION') return 'The work order is completed.';
    if (now - Date.parse(wo.CallDate) > 168 * HOUR) return 'Check-in is not allowed more than 168 hours after the call date.';
    return null;
  };
  const view = (wo: ScSimWorkOrder) => {
    const reason = deniedReason(wo, Date.now());
    return { ...wo, IsCheckInDenied: reason !== null, CheckInDeniedReason: reason };
  };

  /** Every refusal a check-in can meet, in the order the provider checks them; null when it is allowed. */
  function checkInRefusal(wo: ScSimWorkOrder, lat: unknown, lng: unknown, time: string | undefined): { status: number; code: number; message: string } | null {
    const now = Date.now();
    const reason = deniedReason(wo, now);
    if (reason?.includes('168 hours')) return { status: 400, code: TIME_NOT_ALLOWED, message: reason };
    if (reason) return { status: 400, code: 400, message: `Check-in is not allowed: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}` };
    if (time !== undefined) {
      const at = Date.parse(time);
      if (Number.isNaN(at)) return { status: 400, code: 400, message: 'CheckInTime is not a valid date.' };
      if (at > now + 15 * 60_000) return { status: 400, code: TIME_NOT_ALLOWED, message: 'Check-in time is too early: it is in the future at the location.' };
      if (now - at > 24 * HOUR) return { status: 400, code: TIME_NOT_ALLOWED, message: 'Check-in time is too late: more than 24 hours past the location time.' };
    }
    const latitude = Number(lat);
    const longitude = Number(lng);
    if (lat === undefined || lng === undefined || lat === null || lng === null || Number.isNaN(latitude) || Number.isNaN(longitude)) {
      return { status: 400, code: OUT_OF_RANGE, message: 'Check-in is out of range: no GPS location was sent.' };
    }
    const meters = distanceKm({ lat: wo.Location.Latitude, lng: wo.Location.Longitude }, { lat: latitude, lng: longitude }) * 1000;
    if (meters > wo.Location.GpsRadius) {
      return {
        status: 400,
        code: OUT_OF_RANGE,
        message: `Check-in is out of range: the technician is ${Math.round(meters)} m from ${wo.Location.Name}, and the location allows ${Math.round(wo.Location.GpsRadius)} m.`,
      };
    }
    return null;
  }

  function register(app: FastifyInstance) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const entries = new WeakMap<FastifyRequest, (typeof received)[number]>();
    app.addHook('onRequest', async (req, reply) => {
      const entry = { method: req.method, path: req.url, body: undefined as unknown, at: new Date().toISOString() };
      received.push(entry);
      entries.set(req, entry);
      if (req.url.endsWith('/oauth/token')) return;
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token || !tokens.has(token)) return reply.code(401).send({ error: 'invalid_token', error_description: 'The access token is missing, expired or not valid.' });
    });
    app.addHook('preHandler', async (req) => {
      const entry = entries.get(req);
      if (entry && req.body !== undefined) entry.body = req.url.endsWith('/oauth/token') ? { ...(req.body as object), password: '***' } : req.body;
    });

    app.post<{ Body: Record<string, string> }>('/oauth/token', async (req, reply) => {
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const [clientId, clientSecret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
      const body = req.body ?? {};
      const account = data.credentials.find((c) => c.clientId === clientId && c.clientSecret === clientSecret);
      if (!account) return reply.code(401).send({ error: 'invalid_client', error_description: 'The client credentials are not valid.' });
      if (body.grant_type !== 'password') return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'Use the password grant.' });
      if (body.username !== account.userName || body.password !== account.password) {
        return reply.code(401).send({ error: 'invalid_grant', error_description: 'The user name or password is incorrect.' });
      }
      const token = `sc-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
      tokens.add(token);
      return { access_token: token, token_type: 'bearer', expires_in: TOKEN_SECONDS };
    });

    app.get('/workorders/statuses', async () =>
      Object.keys(SERVICE_CHANNEL_STATUSES).concat('INVOICED').map((primary) => ({ Primary: primary, Extended: extendedOf(primary) })),
    );

    app.get<{ Params: { id: string } }>('/workorders/:id', async (req, reply) => {
      const wo = workOrderOf(req);
      return wo ? view(wo) : refuse(reply, 404, 404, `Work order ${req.params.id} was not found.`);
    });

    app.get<{ Params: { id: string }; Querystring: Record<string, string> }>('/workorders/:id/validateCheckIn', async (req, reply) => {
      const wo = workOrderOf(req);
      if (!wo) return refuse(reply, 404, 404, `Work order ${req.params.id} was not found.`);
      const refusal = checkInRefusal(wo, req.query.latitude, req.query.longitude, undefined);
      return refusal ? refuse(reply, refusal.status, refusal.code, refusal.message) : { IsValid: true };
    });

    app.get<{ Params: { id: string }; Querystring: Record<string, string> }>('/workorders/:id/validateCheckOut', async (req, reply) => {
      const wo = workOrderOf(req);
      if (!wo) return refuse(reply, 404, 404, `Work order ${req.params.id} was not found.`);
      const open = checkIns.find((c) => c.WorkOrderId === wo.Id && String(c.UserId) === req.query.userId && !c.CheckOut);
      return open ? { IsValid: true, MechanicId: open.MechanicId } : refuse(reply, 400, 400, 'There is no open check-in for this technician on this work order.');
    });

    app.post<{ Params: { id: string }; Body: Record<string, unknown> }>('/workorders/:id/universalCheckIn', async (req, reply) => {
      const wo = workOrderOf(req);
      if (!wo) return refuse(reply, 404, 404, `Work order ${req.params.id} was not found.`);
      const b = req.body ?? {};
      if (typeof b.UserId !== 'number' || !b.UserId) return refuse(reply, 400, 400, 'UserId is required.');
      const techs = Number(b.TechsCount ?? 1);
      if (!Number.isInteger(techs) || techs < 1) return refuse(reply, 400, 400, 'TechsCount must be at least 1.');
      if (checkIns.some((c) => c.WorkOrderId === wo.Id && c.UserId === b.UserId && !c.CheckOut)) return refuse(reply, 400, 400, 'This technician is already checked in.');
      const refusal = checkInRefusal(wo, b.Latitude, b.Longitude, typeof b.CheckInTime === 'string' ? b.CheckInTime : undefined);
      if (refusal) return refuse(reply, refusal.status, refusal.code, refusal.message);
      const checkIn: CheckIn = {
        MechanicId: nextMechanicId++,
        WorkOrderId: wo.Id,
        UserId: b.UserId,
        TechsCount: techs,
        WorkTypeId: Number(b.WorkTypeId ?? 1),
        Latitude: Number(b.Latitude),
        Longitude: Number(b.Longitude),
        CheckInTime: typeof b.CheckInTime === 'string' ? b.CheckInTime : new Date().toISOString(),
      };
      checkIns.push(checkIn);
      wo.Status = { Primary: 'IN PROGRESS', Extended: 'ON SITE' };
      return { MechanicId: checkIn.MechanicId };
    });

    app.post<{ Params: { id: string }; Body: Record<string, unknown> }>('/workorders/:id/universalCheckOut', async (req, reply) => {
      const wo = workOrderOf(req);
      if (!wo) return refuse(reply, 404, 404, `Work order ${req.params.id} was not found.`);
      const b = req.body ?? {};
      const open = checkIns.find((c) => c.WorkOrderId === wo.Id && c.UserId === b.UserId && !c.CheckOut);
      if (!open) return refuse(reply, 400, 400, 'There is no open check-in for this technician on this work order.');
      if (b.MechanicId !== undefined && b.MechanicId !== open.MechanicId) return refuse(reply, 400, 400, 'MechanicId does not match the check-in.');
      const primary = String(b.PrimaryStatus ?? 'NoStatusChange');
      if (!(primary in CHECK_OUT_STATUS)) return refuse(reply, 400, 400, `PrimaryStatus ${primary} is not valid.`);
      const next = CHECK_OUT_STATUS[primary];
      const extended = typeof b.ExtendedStatus === 'string' && b.ExtendedStatus ? b.ExtendedStatus : null;
      if (next && extended && !extendedOf(next.Primary).includes(extended)) return refuse(reply, 400, 400, `Extended status ${extended} does not go with ${next.Primary}.`);
      open.CheckOut = { ...b, MechanicId: open.MechanicId };
      if (next) wo.Status = { Primary: next.Primary, Extended: extended ?? next.Extended };
      return { MechanicId: open.MechanicId, Status: wo.Status };
    });

    app.put<{ Params: { id: string }; Body: { Status?: { Primary?: string; Extended?: string | null }; Note?: string; Actor?: string } }>('/workorders/:id/status', async (req, reply) => {
      const wo = workOrderOf(req);
      if (!wo) return refuse(reply, 404, 404, `Work order ${req.params.id} was not found.`);
      const primary = req.body?.Status?.Primary ?? '';
      const extended = req.body?.Status?.Extended ?? null;
      if (BILLING_STATUSES.includes(primary)) return refuse(reply, 400, 400, 'Providers cannot set billing statuses.');
      if (!(primary in SERVICE_CHANNEL_STATUSES)) return refuse(reply, 400, 400, `Status ${primary || '(none)'} is not valid.`);
      if (extended && !extendedOf(primary).includes(extended)) return refuse(reply, 400, 400, `Extended status ${extended} does not go with ${primary}.`);
      wo.Status = { Primary: primary, Extended: extended };
      return { Status: wo.Status };
    });
  }

  return {
    name: 'serviceChannel',
    prefix: '/service-channel',
    register,
    state: () => ({ workOrders: data.workOrders.map(view), checkIns, received, tokensIssued: tokens.size }),
    reset: () => {
      data = seed();
      tokens = new Set();
      checkIns = [];
      received = [];
      nextMechanicId = 7001;
    },
  };
}
