import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CorrigoStepStatus, CorrigoWorkOrderStatus } from '@sm/shared';
import type { SimulatorPlugin } from '../simulator/simulator-server';
import { CORRIGO_CUSTOMERS, CORRIGO_DEMO_CLIENT, CORRIGO_PROCEDURES, CORRIGO_WORK_ORDERS } from './corrigo-simulator-data';
import type { WireCheckOut, WireCustomerSettings, WireLocation, WireProcedure, WireStepUpdate, WireWorkOrder } from './corrigo-wire';

/** Access tokens live about 20 minutes, as the real service's do. */
const TOKEN_SECONDS = 1199;

interface SimWorkOrder extends WireWorkOrder {
  Procedures: WireProcedure[];
  /** The last bodies received, exactly as sent, for anyone reading `/__state`. */
  LastCheckIn: unknown;
  LastPause: unknown;
  LastCheckOut: unknown;
  Actions: { Action: string; Status: CorrigoWorkOrderStatus; ActionDate: string }[];
}

const clone = <T>(v: T): T => structuredClone(v);
const refuse = (reply: FastifyReply, status: number, code: string, message: string) => reply.code(status).send({ Error: { Code: code, Message: message } });

function isLocation(v: unknown): v is WireLocation {
  const l = v as Partial<WireLocation> | null;
  return (
    !!l && typeof l === 'object' && typeof l.Latitude === 'number' && typeof l.Longitude === 'number' &&
    Math.abs(l.Latitude) <= 90 && Math.abs(l.Longitude) <= 180
  );
}

/** A procedure's state follows its steps: Done when every step is done or not applicable, Open when any is open. */
function procedureState(p: WireProcedure): CorrigoStepStatus {
  if (p.Steps.length > 0 && p.Steps.every((s) => s.State === 'Done' || s.State === 'NA')) return 'Done';
  return p.Steps.some((s) => s.State === 'Open') ? 'Open' : 'Unknown';
}

const STEP_STATES: CorrigoStepStatus[] = ['Unknown', 'Open', 'NA', 'Done'];

/** Applies step changes to a work order's procedures; answers a refusal sentence, or null when all were applied. */
function applySteps(wo: SimWorkOrder, procedureId: number, steps: unknown): string | null {
  const procedure = wo.Procedures.find((p) => p.Id === procedureId);
  if (!procedure) return `Procedure ${procedureId} is not on work order ${wo.Number}.`;
  if (!Array.isArray(steps) || steps.length === 0) return 'Steps are required.';
  const updates = steps as Partial<WireStepUpdate>[];
  for (const u of updates) {
    const s = procedure.Steps.find((x) => x.Id === u.Id);
    if (!s) return `Step ${String(u.Id)} is not in procedure ${procedure.Name}.`;
    if (!STEP_STATES.includes(u.State as CorrigoStepStatus)) return `Step state ${String(u.State)} is not valid.`;
    if (u.State === 'NA' && !procedure.AllowNotApplicable) return `Steps of ${procedure.Name} cannot be marked not applicable.`;
    if (u.Value != null && typeof u.Value !== 'string') return 'Step values are text.';
  }
  for (const u of updates) {
    const s = procedure.Steps.find((x) => x.Id === u.Id)!;
    Object.assign(s, { State: u.State, Value: u.Value ?? null, Comment: u.Comment ?? null });
  }
  procedure.State = procedureState(procedure);
  return null;
}

/** The check-out rules of the provider: the sentence of the first one broken, or null. */
function checkOutProblem(wo: SimWorkOrder, customer: WireCustomerSettings | undefined, body: Partial<WireCheckOut>): { missingCompletion: boolean; problem: string | null } {
  if (typeof body.Comment !== 'string' || body.Comment.trim() === '') return { missingCompletion: false, problem: 'Comment is required.' };
  if (body.Comment.length > 3000) return { missingCompletion: false, problem: 'Comment must be at most 3000 characters.' };
  let missing: string | null = null;
  if (customer?.IsRepairCodeRequired) {
    const r = body.RepairInfo;
    const category = customer.RepairCategories.find((c) => c.Id === r?.CategoryId);
    if (!r || r.CodeId == null || r.CategoryId == null) missing = 'RepairInfo is required for this customer.';
    else if (!category || !category.Codes.some((c) => c.Id === r.CodeId)) return { missingCompletion: false, problem: 'RepairInfo names an unknown repair code.' };
  }
  const given = new Map((Array.isArray(body.CustomFields) ? body.CustomFields : []).map((f) => [f.Id, f.Value]));
  for (const field of customer?.CustomFields ?? []) {
    const value = given.get(field.Id);
    if (given.has(field.Id) && (field.IsDeleted || field.IsReadonly)) return { missingCompletion: false, problem: `Custom field ${field.Label} cannot be changed.` };
    if (value != null && value !== '' && field.Values.length > 0 && !field.Values.includes(value)) {
      return { missingCompletion: false, problem: `Custom field ${field.Label} must be one of ${field.Values.join(', ')}.` };
    }
    if (!missing && field.IsRequired && !field.IsDeleted && !field.IsReadonly && (value == null || value === '')) missing = `Custom field ${field.Label} is required.`;
  }
  const open = wo.Procedures.flatMap((p) => p.Steps.filter((s) => s.IsRequired && s.State !== 'Done' && s.State !== 'NA').map((s) => `${p.Name}: ${s.Description}`));
  if (!missing && open.length > 0) missing = `Required procedure steps are not done (${open.join('; ')}).`;
  if (!missing) return { missingCompletion: false, problem: null };
  // A preventive-maintenance order is checked out anyway and waits for its completion details.
  return wo.TypeCategory === 'PreventiveMaintenance' ? { missingCompletion: true, problem: null } : { missingCompletion: false, problem: missing };
}

/**
 * The Corrigo simulator (CorrigoPro Direct as providers.md describes it): OAuth client-credentials tokens, customer
 * settings, work orders with the provider's lifecycle, procedures with ordered steps, and check-in / pause /
 * check-out that each need a Location. Refusals carry the provider's own words in `{Error: {Code, Message}}`.
 */
export function corrigoSimulator(credentials: { clientId: string; clientSecret: string } = CORRIGO_DEMO_CLIENT): SimulatorPlugin {
  let workOrders = new Map<number, SimWorkOrder>();
  const customers = new Map(CORRIGO_CUSTOMERS.map((c) => [c.CustomerId, c]));
  const tokens = new Map<string, number>();
  let tokensIssued = 0;

  const reset = () => {
    workOrders = new Map(
      CORRIGO_WORK_ORDERS.map((w) => [w.Id, { ...clone(w), Procedures: clone(CORRIGO_PROCEDURES[w.Id] ?? []), LastCheckIn: null, LastPause: null, LastCheckOut: null, Actions: [] }]),
    );
  };
  reset();

  const move = (wo: SimWorkOrder, action: string, to: CorrigoWorkOrderStatus) => {
    wo.Status = to;
    wo.Actions.push({ Action: action, Status: to, ActionDate: new Date().toISOString() });
    return { WorkOrderId: wo.Id, Status: to };
  };

  async function register(app: FastifyInstance) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.post<{ Body: Record<string, string> }>('/oauth/token', async (req, reply) => {
      const b = req.body ?? {};
      if (b.grant_type !== 'client_credentials') return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'Only client_credentials is supported.' });
      if (b.client_id !== credentials.clientId || b.client_secret !== credentials.clientSecret) {
        return reply.code(401).send({ error: 'invalid_client', error_description: 'The client credentials are not valid.' });
      }
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, Date.now() + TOKEN_SECONDS * 1000);
      tokensIssued++;
      return { access_token: token, token_type: 'bearer', expires_in: TOKEN_SECONDS };
    });

    app.addHook('onRequest', async (req: FastifyRequest, reply) => {
      if (req.url.endsWith('/oauth/token')) return;
      const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const expires = token ? tokens.get(token) : undefined;
      if (!expires || expires < Date.now()) return reply.code(401).send({ Message: 'Authorization has been denied for this request.' });
    });

    type Id = { Params: { id: string } };
    const workOrderOf = (req: FastifyRequest<Id>, reply: FastifyReply) => {
      const wo = workOrders.get(Number(req.params.id));
      if (!wo) refuse(reply, 404, 'NotFound', `Work order ${req.params.id} was not found.`);
      return wo;
    };
    const backdatingRefused = (wo: SimWorkOrder, body: { ActualActionDate?: unknown } | undefined) =>
      body?.ActualActionDate !== undefined && !customers.get(wo.CustomerId)?.IsBackdatingAllowed;

    app.get<{ Params: { id: string } }>('/api/v1/customers/:id/settings', async (req, reply) => {
      const c = customers.get(Number(req.params.id));
      return c ? clone(c) : refuse(reply, 404, 'NotFound', `Customer ${req.params.id} was not found.`);
    });

    app.get<Id>('/api/v1/workOrders/:id', async (req, reply) => {
      const wo = workOrderOf(req, reply);
      if (!wo) return reply;
      const { Procedures: _p, LastCheckIn: _i, LastPause: _a, LastCheckOut: _o, Actions: _h, ...summary } = wo;
      return summary;
    });

    app.post<Id>('/api/v1/workOrders/:id/accept', async (req, reply) => {
      const wo = workOrderOf(req, reply);
      if (!wo) return reply;
      if (wo.Status !== 'New') return refuse(reply, 400, 'InvalidStatus', `Work order ${wo.Number} is ${wo.Status}; only a New work order can be accepted.`);
      return move(wo, 'Accepted', 'Accepted');
    });

    app.post<Id & { Body: { Location?: unknown; ActualActionDate?: string } }>('/api/v1/workOrders/:id/checkIn', async (req, reply) => {
      const wo = workOrderOf(req, reply);
      if (!wo) return reply;
      if (!isLocation(req.body?.Location)) return refuse(reply, 400, 'LocationRequired', 'A Location with Latitude and Longitude is required.');
      if (backdatingRefused(wo, req.body)) return refuse(reply, 400, 'BackdatingNotAllowed', 'This customer does not allow backdated actions.');
      if (wo.Status !== 'Accepted' && wo.Status !== 'Paused') {
        return refuse(reply, 400, 'InvalidStatus', `Work order ${wo.Number} is ${wo.Status}; it can be checked in only when Accepted or Paused.`);
      }
      wo.LastCheckIn = clone(req.body);
      return move(wo, 'CheckedIn', 'CheckedIn');
    });

    app.post<Id & { Body: { Location?: unknown; Comment?: unknown; ActualActionDate?: string } }>('/api/v1/workOrders/:id/pause', async (req, reply) => {
      const wo = workOrderOf(req, reply);
      if (!wo) return reply;
      if (!isLocation(req.body?.Location)) return refuse(reply, 400, 'LocationRequired', 'A Location with Latitude and Longitude is required.');
      if (backdatingRefused(wo, req.body)) return refuse(reply, 400, 'BackdatingNotAllowed', 'This customer does not allow backdated actions.');
      if (wo.Status !== 'CheckedIn') return refuse(reply, 400, 'InvalidStatus', `Work order ${wo.Number} is ${wo.Status}; only a CheckedIn work order can be paused.`);
      wo.LastPause = clone(req.body);
      return move(wo, 'Paused', 'Paused');
    });

    app.post<Id & { Body: Partial<WireCheckOut> }>('/api/v1/workOrders/:id/checkOut', async (req, reply) => {
      const wo = workOrderOf(req, reply);
      if (!wo) return reply;
      const body = req.body ?? {};
      if (!isLocation(body.Location)) return refuse(reply, 400, 'LocationRequired', 'A Location with Latitude and Longitude is required.');
      if (backdatingRefused(wo, body)) return refuse(reply, 400, 'BackdatingNotAllowed', 'This customer does not allow backdated actions.');
      if (wo.Status !== 'CheckedIn' && wo.Status !== 'Paused') {
        return refuse(reply, 400, 'InvalidStatus', `Work order ${wo.Number} is ${wo.Status}; it can be checked out only when CheckedIn or Paused.`);
      }
      // Step updates sent with the check-out are applied to a copy first: a refused check-out changes nothing.
      const trial: SimWorkOrder = clone(wo);
      for (const p of Array.isArray(body.Procedures) ? body.Procedures : []) {
        const problem = applySteps(trial, Number(p?.Id), p?.Steps);
        if (problem) return refuse(reply, 400, 'InvalidProcedure', problem);
      }
      const { missingCompletion, problem } = checkOutProblem(trial, customers.get(wo.CustomerId), body);
      if (problem) return refuse(reply, 400, 'CompletionRequired', problem);
      wo.Procedures = trial.Procedures;
      wo.LastCheckOut = clone(body);
      return move(wo, 'CheckedOut', missingCompletion ? 'NeedsCompletionDetails' : 'Completed');
    });

    app.get<Id>('/api/v1/workOrders/:id/procedures', async (req, reply) => {
      const wo = workOrderOf(req, reply);
      return wo ? { Procedures: clone(wo.Procedures) } : reply;
    });

    app.put<{ Params: { id: string; procedureId: string }; Body: { Steps?: unknown } }>('/api/v1/workOrders/:id/procedures/:procedureId', async (req, reply) => {
      const wo = workOrderOf(req, reply);
      if (!wo) return reply;
      if (!['Accepted', 'CheckedIn', 'Paused', 'OnHold'].includes(wo.Status)) {
        return refuse(reply, 400, 'InvalidStatus', `Work order ${wo.Number} is ${wo.Status}; its checklist can no longer be changed.`);
      }
      const trial: SimWorkOrder = clone(wo);
      const problem = applySteps(trial, Number(req.params.procedureId), req.body?.Steps);
      if (problem) return refuse(reply, 400, 'InvalidProcedure', problem);
      wo.Procedures = trial.Procedures;
      wo.Actions.push({ Action: 'CheckListUpdated', Status: wo.Status, ActionDate: new Date().toISOString() });
      return { Procedures: clone(wo.Procedures) };
    });
  }

  return {
    name: 'corrigo',
    prefix: '/corrigo',
    register,
    reset,
    state: () => ({ tokensIssued, workOrders: Object.fromEntries([...workOrders].map(([id, wo]) => [id, clone(wo)])) }),
  };
}
