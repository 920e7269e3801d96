import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { compareMoney, sumMoney } from '@sm/shared';
import type { SimulatorPlugin } from '../../field/providers/simulator/simulator-server';
import { amountOf } from './quickbooks-client';
import { quickBooksDemoSeed, type QuickBooksSimCompany, type QuickBooksSimSeed } from './quickbooks-simulator-data';
import { QBO_CODES, faultOf } from './quickbooks-wire';

type Row = Record<string, unknown>;

/** What the simulated QuickBooks keeps of one company: its lists, its ledger, and the limits a test may set. */
interface CompanyLedger extends QuickBooksSimCompany {
  invoices: Row[];
  payments: Row[];
  creditMemos: Row[];
  /** The books are closed through this day (YYYY-MM-DD): a transaction dated on or before it is refused. */
  closingDate: string | null;
  /** At most this many API requests in a minute; the next is refused with 429 ThrottleExceeded. */
  requestLimit: number | null;
  requestTimes: number[];
  /** How long a create is held after it was carried out, before its answer leaves (a test kills the product meanwhile). */
  answerDelayMs: number;
}

/** An access token lives an hour, as QuickBooks' do; a test may shorten it. */
const ACCESS_TOKEN_MS = 3600_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

class Refusal extends Error {
  constructor(
    public readonly status: number,
    public readonly type: string,
    public readonly code: string,
    message: string,
    public readonly detail: string,
    public readonly element?: string,
  ) {
    super(message);
  }
}

const obj = (v: unknown): Row => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Row) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const validation = (code: string, message: string, detail: string, element?: string) => new Refusal(400, 'ValidationFault', code, message, detail, element);

/** `select * from Entity [where A = 'x' and B = true] [startposition n] [maxresults m]`, as QuickBooks' query language reads it. */
const QUERY = /^select \* from (\w+)(?: where (.+?))?(?: startposition (\d+))?(?: maxresults (\d+))?$/i;
const CONDITION = /^(\w+) = (?:'((?:[^'\\]|\\.)*)'|(true|false))$/i;

/**
 * QuickBooks Online's REST API v3 as the simulator speaks it, under '/quickbooks': the OAuth 2 token endpoint
 * (`POST /oauth2/v1/tokens/bearer`, refresh_token grant with the app's Basic credentials, access tokens of an hour and
 * refresh tokens that rotate: the old one is spent), and per company (realm) `GET /v3/company/{realm}/query` over
 * Account, Item, Customer, Department, Invoice, Payment and CreditMemo, and `POST` of invoice, payment and creditmemo
 * into its ledger. It refuses as QuickBooks does: 401 for a missing, unknown or expired token, 429 past the request
 * limit, a ValidationFault for an unknown customer, item or invoice, a date on or before the closing date (6210) and a
 * document number already used (6140). `POST /quickbooks/__company/{realm}` sets the closing date, the request limit
 * and how long the answer to a create is held; `POST /quickbooks/__expireTokens` ends every access token.
 */
export function quickBooksSimulator(seed: () => QuickBooksSimSeed = quickBooksDemoSeed, opts: { accessTokenMs?: number } = {}): SimulatorPlugin {
  let data: QuickBooksSimSeed;
  let ledgers: Map<string, CompanyLedger>;
  let refreshTokens: Map<string, { clientId: string; realmId: string }>;
  let accessTokens: Map<string, { realmId: string; expiresAt: number }>;
  let nextId: number;
  let tokensIssued: number;
  const reset = () => {
    data = seed();
    ledgers = new Map(data.companies.map((c) => [c.realmId, { ...c, invoices: [], payments: [], creditMemos: [], closingDate: null, requestLimit: null, requestTimes: [], answerDelayMs: 0 }]));
    refreshTokens = new Map(data.refreshTokens.map((t) => [t.token, { clientId: t.clientId, realmId: t.realmId }]));
    accessTokens = new Map();
    nextId = 1001;
    tokensIssued = 0;
  };
  reset();

  /** The refresh_token grant: the app's Basic credentials and a refresh token not yet spent. */
  function token(authorization: string, form: Record<string, string>): { status: number; body: Row } {
    const [scheme, encoded] = authorization.split(' ');
    const [clientId, clientSecret] = Buffer.from(encoded ?? '', 'base64').toString().split(':');
    if (scheme?.toLowerCase() !== 'basic' || !data.apps.some((a) => a.clientId === clientId && a.clientSecret === clientSecret)) return { status: 401, body: { error: 'invalid_client' } };
    if (form.grant_type !== 'refresh_token') return { status: 400, body: { error: 'unsupported_grant_type' } };
    const held = refreshTokens.get(form.refresh_token ?? '');
    if (!held || held.clientId !== clientId) return { status: 400, body: { error: 'invalid_grant' } };
    refreshTokens.delete(form.refresh_token!);
    const refresh = `AB11${randomBytes(24).toString('base64url')}`;
    const access = `eyJ${randomBytes(30).toString('base64url')}`;
    const lifetimeMs = opts.accessTokenMs ?? ACCESS_TOKEN_MS;
    refreshTokens.set(refresh, held);
    accessTokens.set(access, { realmId: held.realmId, expiresAt: Date.now() + lifetimeMs });
    tokensIssued++;
    return { status: 200, body: { token_type: 'bearer', access_token: access, refresh_token: refresh, expires_in: Math.round(lifetimeMs / 1000), x_refresh_token_expires_in: 8_726_400 } };
  }

  const checkDate = (ledger: CompanyLedger, day: string) => {
    if (!DAY.test(day)) throw validation(QBO_CODES.invalid, 'Invalid date', `TxnDate ${day} is not a date written YYYY-MM-DD.`, 'TxnDate');
    if (ledger.closingDate && day <= ledger.closingDate) {
      throw validation(QBO_CODES.closedPeriod, 'Account Period Closed', `The account period has closed and the books are closed through ${ledger.closingDate}: a transaction dated ${day} cannot be added.`, 'TxnDate');
    }
  };
  const checkCustomer = (ledger: CompanyLedger, body: Row) => {
    const id = str(obj(body.CustomerRef).value);
    if (!ledger.customers.some((c) => c.Id === id && c.Active)) throw validation(QBO_CODES.invalidReference, 'Invalid Reference Id', `Invalid Reference Id : Customer ${id || '(none)'} does not exist.`, 'CustomerRef');
  };
  const checkNumber = (list: Row[], field: string, body: Row) => {
    const number = str(body[field]);
    if (!number) throw validation(QBO_CODES.invalid, 'Required param missing', `${field} is required.`, field);
    if (list.some((r) => r[field] === number)) throw validation(QBO_CODES.duplicateDocNumber, 'Duplicate Document Number Error', `Duplicate Document Number Error : You must specify a different number. This number has already been used. DocNumber=${number}`, field);
    return number;
  };
  const amount = (value: unknown, element: string) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || !/^-?\d+(\.\d{1,2})?$/.test(String(value))) throw validation(QBO_CODES.invalid, 'Invalid Number', `${element} ${String(value)} is not an amount.`, element);
    return amountOf(value);
  };
  /** Sales lines, each naming an active item; answers the lines as kept and their total. */
  const salesLines = (ledger: CompanyLedger, body: Row) => {
    const lines = Array.isArray(body.Line) ? body.Line.map(obj) : [];
    if (lines.length === 0) throw validation(QBO_CODES.invalid, 'Required param missing', 'A transaction needs at least one line.', 'Line');
    const kept = lines.map((l) => {
      const itemId = str(obj(obj(l.SalesItemLineDetail).ItemRef).value);
      const item = ledger.items.find((i) => i.Id === itemId);
      if (l.DetailType !== 'SalesItemLineDetail' || !item || !item.Active) throw validation(QBO_CODES.invalidReference, 'Invalid Reference Id', `Invalid Reference Id : Item ${itemId || '(none)'} does not exist or is inactive.`, 'ItemRef');
      return { ItemRef: itemId, IncomeAccountRef: item.IncomeAccountRef.value, Amount: amount(l.Amount, 'Amount'), Description: str(l.Description) };
    });
    return { lines: kept, total: sumMoney(kept.map((l) => l.Amount)) };
  };

  function create(ledger: CompanyLedger, entity: string, body: Row): Row {
    if (entity === 'invoice' || entity === 'creditmemo') {
      const list = entity === 'invoice' ? ledger.invoices : ledger.creditMemos;
      const number = checkNumber(list, 'DocNumber', body);
      checkCustomer(ledger, body);
      checkDate(ledger, str(body.TxnDate));
      const { lines, total } = salesLines(ledger, body);
      const stored = { Id: String(nextId++), DocNumber: number, TxnDate: str(body.TxnDate), ...(entity === 'invoice' ? { DueDate: str(body.DueDate) } : {}), CustomerRef: str(obj(body.CustomerRef).value), TotalAmt: total, Balance: total, Line: lines };
      list.push(stored);
      return { [entity === 'invoice' ? 'Invoice' : 'CreditMemo']: stored };
    }
    if (entity === 'payment') {
      const number = checkNumber(ledger.payments, 'PaymentRefNum', body);
      checkCustomer(ledger, body);
      checkDate(ledger, str(body.TxnDate));
      const deposit = str(obj(body.DepositToAccountRef).value);
      if (deposit && !ledger.accounts.some((a) => a.Id === deposit && a.Active)) throw validation(QBO_CODES.invalidReference, 'Invalid Reference Id', `Invalid Reference Id : Account ${deposit} does not exist.`, 'DepositToAccountRef');
      const total = amount(body.TotalAmt, 'TotalAmt');
      // Each line settles the invoice it links; lines linking the same invoice add up against its balance.
      const balanceAfter = new Map<Row, string>();
      const links = (Array.isArray(body.Line) ? body.Line.map(obj) : []).map((l) => {
        const txn = obj((Array.isArray(l.LinkedTxn) ? l.LinkedTxn : [])[0]);
        const invoice = ledger.invoices.find((i) => i.Id === str(txn.TxnId));
        if (!invoice || txn.TxnType !== 'Invoice') throw validation(QBO_CODES.invalidReference, 'Invalid Reference Id', `Invalid Reference Id : Invoice ${str(txn.TxnId) || '(none)'} does not exist.`, 'LinkedTxn');
        const paid = amount(l.Amount, 'Amount');
        const balance = sumMoney([balanceAfter.get(invoice) ?? str(invoice.Balance), `-${paid}`]);
        if (compareMoney(balance, 0) < 0) throw validation(QBO_CODES.invalid, 'Invalid Amount', `The payment is more than invoice ${str(invoice.DocNumber)} has due.`, 'Amount');
        balanceAfter.set(invoice, balance);
        return { invoice, paid };
      });
      if (links.length === 0) throw validation(QBO_CODES.invalid, 'Required param missing', 'The payment applies to no invoice.', 'Line');
      if (compareMoney(sumMoney(links.map((l) => l.paid)), total) !== 0) throw validation(QBO_CODES.invalid, 'Invalid Amount', 'TotalAmt is not the sum of the lines applied.', 'TotalAmt');
      for (const [invoice, balance] of balanceAfter) invoice.Balance = balance;
      const stored = { Id: String(nextId++), PaymentRefNum: number, TxnDate: str(body.TxnDate), CustomerRef: str(obj(body.CustomerRef).value), TotalAmt: total, Line: links.map((l) => ({ Amount: l.paid, TxnId: l.invoice.Id })) };
      ledger.payments.push(stored);
      return { Payment: stored };
    }
    throw validation(QBO_CODES.invalid, 'Unsupported Operation', `Operation ${entity} is not supported here.`);
  }

  function query(ledger: CompanyLedger, text: string): Row {
    const match = QUERY.exec(text.trim());
    if (!match) throw validation('4000', 'Error parsing query', `QueryParserError: the query ${text} is not one this service reads.`);
    const [, entity, where, start, max] = match;
    const lists: Record<string, Row[]> = { Account: ledger.accounts, Item: ledger.items, Customer: ledger.customers, Department: ledger.departments, Invoice: ledger.invoices, Payment: ledger.payments, CreditMemo: ledger.creditMemos };
    const list = lists[entity!];
    if (!list) throw validation('4001', 'Invalid query', `QueryValidationError: ${entity} is not an entity.`);
    const conditions = (where ? where.split(/ and /i) : []).map((c) => {
      const m = CONDITION.exec(c.trim());
      if (!m) throw validation('4000', 'Error parsing query', `QueryParserError: the condition ${c} is not one this service reads.`);
      return m;
    });
    const rows = list.filter((r) => conditions.every(([, field, text, flag]) => (flag !== undefined ? String(r[field!]) === flag.toLowerCase() : str(r[field!]) === text!.replace(/\\(.)/g, '$1'))));
    const from = Math.max(1, Number(start ?? 1));
    const size = Math.min(1000, Math.max(1, Number(max ?? 100)));
    const page = rows.slice(from - 1, from - 1 + size);
    return { QueryResponse: page.length ? { [entity!]: page, startPosition: from, maxResults: page.length } : {}, time: new Date().toISOString() };
  }

  /** Checks the token and the request limit, then carries out the call; a refusal becomes QuickBooks' Fault. */
  async function company(reply: FastifyReply, realmId: string, authorization: string, work: (ledger: CompanyLedger) => Row, isWrite = false) {
    const send = (status: number, body: Row) => reply.code(status).type('application/json').send(body);
    const bearer = /^Bearer (.+)$/i.exec(authorization)?.[1];
    const held = bearer ? accessTokens.get(bearer) : undefined;
    const ledger = ledgers.get(realmId);
    if (!held || held.expiresAt <= Date.now() || held.realmId !== realmId || !ledger) {
      return send(401, { fault: { error: [{ message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401', detail: 'Token expired or not valid for this company.', code: QBO_CODES.authentication }], type: 'AUTHENTICATION' }, time: new Date().toISOString() });
    }
    const now = Date.now();
    ledger.requestTimes = ledger.requestTimes.filter((t) => t > now - 60_000);
    if (ledger.requestLimit !== null && ledger.requestTimes.length >= ledger.requestLimit) {
      return send(429, faultOf('ThrottleExceeded', QBO_CODES.throttled, 'ThrottleExceeded', 'The request limit was reached: too many requests for this company in a minute.'));
    }
    ledger.requestTimes.push(now);
    let status = 200;
    let body: Row;
    try {
      body = { ...work(ledger), time: new Date().toISOString() };
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      status = err.status;
      body = faultOf(err.type, err.code, err.message, err.detail, err.element);
    }
    if (isWrite && ledger.answerDelayMs > 0) await new Promise((r) => setTimeout(r, ledger.answerDelayMs));
    return send(status, body);
  }

  function register(app: FastifyInstance) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
    app.post<{ Body: Record<string, string> }>('/oauth2/v1/tokens/bearer', async (req, reply) => {
      const { status, body } = token(req.headers.authorization ?? '', obj(req.body) as Record<string, string>);
      return reply.code(status).send(body);
    });
    app.get<{ Params: { realmId: string }; Querystring: { query?: string } }>('/v3/company/:realmId/query', (req, reply) =>
      company(reply, req.params.realmId, req.headers.authorization ?? '', (ledger) => query(ledger, req.query.query ?? '')),
    );
    app.post<{ Params: { realmId: string; entity: string }; Body: Row }>('/v3/company/:realmId/:entity', (req, reply) =>
      company(reply, req.params.realmId, req.headers.authorization ?? '', (ledger) => create(ledger, req.params.entity.toLowerCase(), obj(req.body)), true),
    );
    app.post<{ Params: { realmId: string }; Body: { closingDate?: string | null; requestLimit?: number | null; answerDelayMs?: number } }>('/__company/:realmId', async (req, reply) => {
      const ledger = ledgers.get(req.params.realmId);
      if (!ledger) return reply.code(404).send({ message: 'No such company.' });
      if (req.body?.closingDate !== undefined) ledger.closingDate = req.body.closingDate;
      if (req.body?.requestLimit !== undefined) ledger.requestLimit = req.body.requestLimit;
      if (req.body?.answerDelayMs !== undefined) ledger.answerDelayMs = Math.max(0, Math.min(120_000, Math.round(req.body.answerDelayMs)));
      return { ok: true };
    });
    app.post('/__expireTokens', async () => {
      for (const t of accessTokens.values()) t.expiresAt = 0;
      return { ok: true };
    });
  }

  return {
    name: 'quickbooks',
    prefix: '/quickbooks',
    register,
    reset,
    state: () => ({
      tokensIssued,
      companies: Object.fromEntries([...ledgers.values()].map((l) => [l.realmId, { invoices: l.invoices, payments: l.payments, creditMemos: l.creditMemos, closingDate: l.closingDate }])),
    }),
  };
}
