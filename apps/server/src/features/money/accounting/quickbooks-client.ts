import { sumMoney, jsonNumberOf } from '@sm/shared';
import { OutboundRefused, outboundRequest, type OutboundAnswer } from '../../../lib/outbound-http';
import {
  AccountingError, type AccountingCreditMemo, type AccountingInvoice, type AccountingLine, type AccountingPayment, type AccountingSystem, type ChartRow, type Posted,
} from './accounting-system';
import { QBO_CODES, readFault, refusalOf } from './quickbooks-wire';

/** What the adapter calls QuickBooks with, opened from the sealed columns for the one call that sends them. */
export interface QuickBooksCredentials {
  baseUrl: string;
  tokenUrl: string;
  realmId: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  accessToken: string | null;
  /** When the access token ends (ms since the epoch), or null when none is held. */
  accessTokenExpiresAt: number | null;
}

/** A pair of tokens QuickBooks issued: the adapter hands each to its owner to store (the refresh token rotates). */
export interface QuickBooksTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** The access token is replaced this long before QuickBooks would end it. */
const TOKEN_MARGIN_MS = 5 * 60_000;
/** The most rows one query asks for (QuickBooks' own ceiling). */
const PAGE_SIZE = 1000;
const MINOR_VERSION = '75';

const quoted = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const money = (amount: string) => jsonNumberOf(amount);

type Entity = Record<string, unknown>;
const obj = (v: unknown): Entity => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Entity) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * The QuickBooks Online adapter: every request goes through the outbound client that refuses internal addresses (an
 * operator allows the simulator), with the access token as a Bearer token. The token is refreshed (OAuth 2,
 * grant_type=refresh_token with the app's id and secret as Basic credentials) before it ends and when QuickBooks
 * answers 401, then the call is made once more; each new pair goes to `onTokens`, since the refresh token rotates.
 * A document is looked up by its number before it is created, and a duplicate-number refusal reads it back, so a
 * repeated post is answered as the document already there: never posted twice.
 */
export interface QuickBooksSystem extends AccountingSystem {
  /** Every customer and every item of the company, as QuickBooks answers them (the import list reads these). */
  readCustomers(): Promise<Record<string, unknown>[]>;
  readItems(): Promise<Record<string, unknown>[]>;
}

export function quickBooksSystem(creds: QuickBooksCredentials, opts: { onTokens: (tokens: QuickBooksTokens) => Promise<void>; timeoutMs?: number }): QuickBooksSystem {
  let accessToken = creds.accessToken;
  let expiresAt = creds.accessTokenExpiresAt ?? 0;
  let refreshToken = creds.refreshToken;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const companyUrl = `${creds.baseUrl.replace(/\/+$/, '')}/v3/company/${encodeURIComponent(creds.realmId)}`;

  async function call(url: string, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }): Promise<OutboundAnswer> {
    try {
      return await outboundRequest(url, { ...init, timeoutMs });
    } catch (err) {
      if (err instanceof OutboundRefused) throw new AccountingError(502, `QuickBooks cannot be called at the address the company saved: ${err.message}`, false);
      const isTimeout = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      throw new AccountingError(isTimeout ? 504 : 502, isTimeout ? 'QuickBooks did not answer in time.' : 'QuickBooks cannot be reached right now.', true);
    }
  }

  const json = (res: OutboundAnswer): unknown => {
    try {
      return JSON.parse(res.text) as unknown;
    } catch {
      return null;
    }
  };

  /** Trades the refresh token for a new pair and hands it to the owner to store. */
  async function refresh(): Promise<string> {
    const basic = Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64');
    const res = await call(creds.tokenUrl, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
    });
    if (res.status === 429 || res.status >= 500) throw new AccountingError(502, `QuickBooks' token service had a problem answering (HTTP ${res.status}).`, true);
    const body = obj(json(res));
    if (res.status !== 200 || !str(body.access_token) || !str(body.refresh_token)) {
      const why = str(body.error) === 'invalid_grant' ? 'the refresh token is unknown, used or expired' : str(body.error) === 'invalid_client' ? 'the client id or secret is wrong' : `HTTP ${res.status}`;
      throw new AccountingError(502, `QuickBooks refused to renew the connection (${why}). Connect QuickBooks again in QuickBooks settings.`, false);
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    accessToken = str(body.access_token);
    refreshToken = str(body.refresh_token);
    expiresAt = Date.now() + seconds * 1000;
    await opts.onTokens({ accessToken, refreshToken, expiresAt: new Date(expiresAt) });
    return accessToken;
  }

  const tokenNow = async () => (accessToken && expiresAt - TOKEN_MARGIN_MS > Date.now() ? accessToken : refresh());

  /** One API call; a 401 refreshes the token and tries once more. Answers the body of a 200, or throws the refusal. */
  async function api(method: 'GET' | 'POST', path: string, body?: Entity): Promise<Entity> {
    const url = `${companyUrl}/${path}${path.includes('?') ? '&' : '?'}minorversion=${MINOR_VERSION}`;
    for (let attempt = 1; ; attempt++) {
      const token = await tokenNow();
      const res = await call(url, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = json(res);
      if (res.status === 200 && answer && !readFault(answer)) return obj(answer);
      const fault = readFault(answer);
      if ((res.status === 401 || fault?.Error[0]?.code === QBO_CODES.authentication) && attempt === 1) {
        accessToken = null;
        continue;
      }
      if (res.status === 200 && !answer) throw new AccountingError(502, 'QuickBooks answered with something other than JSON. Check the base URL in QuickBooks settings.', false);
      throw refusalOf(res.status, fault);
    }
  }

  /** Every row of a query, a page at a time. */
  async function query(entity: string, where = ''): Promise<Entity[]> {
    const rows: Entity[] = [];
    for (let start = 1; ; start += PAGE_SIZE) {
      const text = `select * from ${entity}${where ? ` where ${where}` : ''} startposition ${start} maxresults ${PAGE_SIZE}`;
      const page = (obj((await api('GET', `query?query=${encodeURIComponent(text)}`)).QueryResponse)[entity] ?? []) as unknown[];
      rows.push(...page.map(obj));
      if (page.length < PAGE_SIZE) return rows;
    }
  }

  /** The customer a document names, or the sentence saying QuickBooks has none by that id. */
  async function ensureCustomer(customerId: string) {
    const [found] = await query('Customer', `Id = ${quoted(customerId)}`);
    if (!found) throw new AccountingError(422, `QuickBooks has no customer with id ${customerId}: match the customer in the QuickBooks import list (or set its external id) first.`, false, QBO_CODES.invalidReference);
  }

  /**
   * The lines as QuickBooks sales lines: what posts to an account in QuickBooks is an item's income account, so each
   * line goes to the active item whose IncomeAccountRef is the line's account.
   */
  async function salesLines(lines: readonly AccountingLine[]) {
    const items = await query('Item', 'Active = true');
    const itemOf = new Map<string, string>();
    for (const item of items) {
      const account = str(obj(item.IncomeAccountRef).value);
      if (account && !itemOf.has(account)) itemOf.set(account, str(item.Id));
    }
    return lines.map((l) => {
      const item = itemOf.get(l.glAccountNo);
      if (!item) throw new AccountingError(422, `Line '${l.memo}' has no QuickBooks item: no active item in QuickBooks has income account ${l.glAccountNo}. Add one there or map the line's kind to another account.`, false);
      return { DetailType: 'SalesItemLineDetail', Amount: money(l.amount), Description: l.memo, SalesItemLineDetail: { ItemRef: { value: item }, Qty: 1, UnitPrice: money(l.amount) } };
    });
  }

  /** Posts a transaction unless one with its number is there already (found by query, or refused as a duplicate). */
  async function create(entity: string, numberField: string, documentNumber: string, build: () => Promise<Entity>): Promise<Posted> {
    const already = async () => (await query(entity, `${numberField} = ${quoted(documentNumber)}`))[0];
    const existing = await already();
    if (existing) return { recordNo: str(existing.Id), isAlreadyThere: true };
    try {
      const created = obj((await api('POST', entity.toLowerCase(), await build()))[entity]);
      if (!str(created.Id)) throw new AccountingError(502, `QuickBooks created the ${entity} without answering its id.`, false);
      return { recordNo: str(created.Id), isAlreadyThere: false };
    } catch (err) {
      if (!(err instanceof AccountingError) || err.errorNo !== QBO_CODES.duplicateDocNumber) throw err;
      const found = await already();
      if (!found) throw err;
      return { recordNo: str(found.Id), isAlreadyThere: true };
    }
  }

  const chart = (rows: Entity[], title: (r: Entity) => string): ChartRow[] => rows.map((r) => ({ number: str(r.Id), title: title(r), isActive: r.Active !== false })).filter((r) => r.number !== '');

  return {
    name: 'QuickBooks',
    postInvoice: (inv: AccountingInvoice) =>
      create('Invoice', 'DocNumber', inv.documentNumber, async () => {
        await ensureCustomer(inv.customerId);
        return { DocNumber: inv.documentNumber, TxnDate: inv.date, DueDate: inv.dueDate, CustomerRef: { value: inv.customerId }, PrivateNote: inv.description, Line: await salesLines(inv.lines) };
      }),
    postPayment: (p: AccountingPayment) =>
      create('Payment', 'PaymentRefNum', p.documentNumber, async () => {
        await ensureCustomer(p.customerId);
        return {
          PaymentRefNum: p.documentNumber, TxnDate: p.date, CustomerRef: { value: p.customerId }, TotalAmt: money(p.amount), DepositToAccountRef: { value: p.undepositedGlAccountNo },
          PrivateNote: p.paymentMethod, Line: p.applications.map((a) => ({ Amount: money(a.amount), LinkedTxn: [{ TxnId: a.recordNo, TxnType: 'Invoice' }] })),
        };
      }),
    postCreditMemo: (m: AccountingCreditMemo) =>
      create('CreditMemo', 'DocNumber', m.documentNumber, async () => {
        await ensureCustomer(m.customerId);
        return { DocNumber: m.documentNumber, TxnDate: m.date, CustomerRef: { value: m.customerId }, PrivateNote: m.description, Line: await salesLines(m.lines) };
      }),
    readGlAccounts: async () => chart(await query('Account'), (r) => [str(r.AcctNum), str(r.FullyQualifiedName) || str(r.Name)].filter(Boolean).join(' ')),
    readDepartments: async () => chart(await query('Department'), (r) => str(r.FullyQualifiedName) || str(r.Name)),
    readCustomers: () => query('Customer'),
    readItems: () => query('Item'),
  };
}

/** A QuickBooks amount (a JSON number) as an exact decimal text, to the cent. */
export const amountOf = (value: unknown) => sumMoney([typeof value === 'number' || typeof value === 'string' ? value : 0]);
