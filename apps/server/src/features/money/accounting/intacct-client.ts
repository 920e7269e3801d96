import { createHash, randomUUID } from 'node:crypto';
import { OutboundRefused, outboundRequest, type OutboundAnswer } from '../../../lib/outbound-http';
import {
  AccountingError, type AccountingCreditMemo, type AccountingInvoice, type AccountingPayment, type AccountingSystem, type ChartRow, type Posted,
} from './accounting-system';
import { INTACCT_ERRORS, readAnswer, sentenceOf, xmlList, xmlObject, xmlOf, xmlText, type IntacctAnswer, type IntacctErrorEntry } from './intacct-wire';

/** What the adapter signs in with, opened from the sealed columns for the one call that sends them. */
export interface IntacctCredentials {
  endpointUrl: string;
  senderId: string;
  senderPassword: string;
  companyId: string;
  userId: string;
  userPassword: string;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** A session is asked for again this long before Intacct would end it. */
const SESSION_MARGIN_MS = 60_000;
/** The most rows one readByQuery (and each readMore after it) asks for. */
const PAGE_SIZE = 1000;
/** A list longer than this many pages is not a chart of accounts: reading stops with a sentence. */
const MAX_PAGES = 100;

interface CachedSession {
  sessionId: string;
  expiresAt: number;
}
const sessions = new Map<string, CachedSession>();

/** The cache key of a set of credentials: a digest, so no password is kept as a map key. */
const keyOf = (c: IntacctCredentials) => createHash('sha256').update([c.endpointUrl, c.senderId, c.senderPassword, c.companyId, c.userId, c.userPassword].join('\u0000')).digest('hex');

/** MM/DD/YYYY, as Intacct's objects read dates, from YYYY-MM-DD. */
const intacctDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A refusal with Intacct's words; retryable when Intacct asks to wait (rate limit). */
function refusal(errors: readonly IntacctErrorEntry[]): AccountingError {
  const errorNo = errors[0]?.errorno;
  if (errorNo === INTACCT_ERRORS.rateLimited) return new AccountingError(502, `Intacct is busy: ${sentenceOf(errors)} It is tried again later.`, true, errorNo);
  if (errorNo === INTACCT_ERRORS.badSender) return new AccountingError(502, `Intacct refused the sender ID or password: ${sentenceOf(errors)}`, false, errorNo);
  if (errorNo === INTACCT_ERRORS.badLogin) return new AccountingError(502, `Intacct refused the company ID, user ID or user password: ${sentenceOf(errors)}`, false, errorNo);
  return new AccountingError(422, `Intacct: ${sentenceOf(errors)}`, false, errorNo);
}

/** The accounting system, and the sign-in alone that Test connection asks for (a new session, kept for later calls). */
export type IntacctSystem = AccountingSystem & { signIn(): Promise<void> };

/**
 * The Sage Intacct adapter: every request goes through the outbound client that refuses internal addresses (an
 * operator allows the simulator or an on-premises gateway), signs in once with getAPISession and then calls with the
 * session id, signing in again when Intacct says the session ended. A create Intacct refuses as a duplicate document
 * number is answered as the document already there, with its record number read back.
 */
export function intacctSystem(creds: IntacctCredentials, opts: { timeoutMs?: number; pageSize?: number } = {}): IntacctSystem {
  const key = keyOf(creds);

  async function send(operation: Record<string, unknown>): Promise<IntacctAnswer> {
    const controlId = randomUUID();
    const body = xmlOf({
      request: {
        control: { senderid: creds.senderId, password: creds.senderPassword, controlid: controlId, uniqueid: 'false', dtdversion: '3.0', includewhitespace: 'false' },
        operation,
      },
    });
    let res: OutboundAnswer;
    try {
      res = await outboundRequest(creds.endpointUrl, { method: 'POST', headers: { 'content-type': 'application/xml', accept: 'application/xml' }, body, timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS });
    } catch (err) {
      if (err instanceof OutboundRefused) throw new AccountingError(502, `Intacct cannot be called at the endpoint the company saved: ${err.message}`, false);
      const isTimeout = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      throw new AccountingError(isTimeout ? 504 : 502, isTimeout ? 'Intacct did not answer in time.' : 'Intacct cannot be reached right now.', true);
    }
    if (res.status === 429 || res.status >= 500) throw new AccountingError(502, `Intacct had a problem answering (HTTP ${res.status}).`, true);
    let answer: IntacctAnswer;
    try {
      answer = readAnswer(res.text);
    } catch {
      throw new AccountingError(502, `Intacct answered with something other than its XML (HTTP ${res.status}). Check the endpoint URL in Intacct settings.`, false);
    }
    if (answer.controlStatus === 'failure' || answer.authStatus === 'failure') throw refusal(answer.errors);
    return answer;
  }

  async function signIn(): Promise<string> {
    const answer = await send({
      authentication: { login: { userid: creds.userId, companyid: creds.companyId, password: creds.userPassword } },
      content: { function: { '@controlid': 'session', getAPISession: '' } },
    });
    const result = answer.results[0];
    if (!result || result.status !== 'success') throw refusal(result?.errors ?? answer.errors);
    const api = xmlObject(result.data?.api);
    const sessionId = xmlText(api.sessionid);
    if (!sessionId) throw new AccountingError(502, 'Intacct answered the sign-in without a session.', false);
    const timeout = Date.parse(xmlText(api.sessiontimeout));
    sessions.set(key, { sessionId, expiresAt: Number.isNaN(timeout) ? Date.now() + 30 * 60_000 : timeout });
    return sessionId;
  }

  async function sessionId(): Promise<string> {
    const hit = sessions.get(key);
    return hit && hit.expiresAt - SESSION_MARGIN_MS > Date.now() ? hit.sessionId : signIn();
  }

  /** Runs one function under the session; a session Intacct no longer knows is replaced once. */
  async function run(fn: Record<string, unknown>) {
    for (let attempt = 1; ; attempt++) {
      const session = await sessionId();
      try {
        const answer = await send({ authentication: { sessionid: session }, content: { function: { '@controlid': 'f1', ...fn } } });
        const result = answer.results[0];
        if (!result) throw new AccountingError(502, 'Intacct answered without a result.', false);
        return result;
      } catch (err) {
        if (!(err instanceof AccountingError) || err.errorNo !== INTACCT_ERRORS.badSession || attempt > 1) throw err;
        sessions.delete(key);
      }
    }
  }

  /** Every row of a query: the first page from readByQuery, the rest from readMore while Intacct says some remain. */
  async function readByQuery(object: string, query: string, fields = '*'): Promise<Record<string, unknown>[]> {
    const rows: Record<string, unknown>[] = [];
    let fn: Record<string, unknown> = { readByQuery: { object, fields, query, pagesize: String(opts.pageSize ?? PAGE_SIZE) } };
    for (let page = 1; ; page++) {
      const result = await run(fn);
      if (result.status !== 'success') throw refusal(result.errors);
      rows.push(...xmlList(result.data?.[object.toLowerCase()]).map(xmlObject));
      const resultId = xmlText(result.data?.['@resultId']);
      if (xmlText(result.data?.['@numremaining']) === '0' || !resultId) return rows;
      if (page >= MAX_PAGES) throw new AccountingError(502, `Intacct has more than ${MAX_PAGES} pages of ${object}; nothing was kept.`, false);
      fn = { readMore: { resultId } };
    }
  }

  /** Creates one object; a duplicate document number reads back the record already there. */
  async function create(object: string, fields: Record<string, unknown>, numberField: string, documentNumber: string): Promise<Posted> {
    const result = await run({ create: { [object]: fields } });
    if (result.status === 'success') {
      const recordNo = xmlText(xmlObject(xmlList(result.data?.[object.toLowerCase()])[0]).RECORDNO);
      if (!recordNo) throw new AccountingError(502, `Intacct created the ${object} without answering its record number.`, false);
      return { recordNo, isAlreadyThere: false };
    }
    if (result.errors[0]?.errorno !== INTACCT_ERRORS.duplicate) throw refusal(result.errors);
    const [existing] = await readByQuery(object, `${numberField} = ${quoted(documentNumber)}`, 'RECORDNO');
    const recordNo = xmlText(existing?.RECORDNO);
    if (!recordNo) throw refusal(result.errors);
    return { recordNo, isAlreadyThere: true };
  }

  const chart = (rows: Record<string, unknown>[], numberField: string): ChartRow[] =>
    rows.map((r) => ({ number: xmlText(r[numberField]), title: xmlText(r.TITLE), isActive: xmlText(r.STATUS) !== 'inactive' })).filter((r) => r.number !== '');

  return {
    name: 'Intacct',
    signIn: async () => {
      await signIn();
    },
    postInvoice: (inv: AccountingInvoice) =>
      create(
        'ARINVOICE',
        {
          CUSTOMERID: inv.customerId, WHENCREATED: intacctDate(inv.date), WHENDUE: intacctDate(inv.dueDate), RECORDID: inv.documentNumber, DESCRIPTION: inv.description,
          ARINVOICEITEMS: { arinvoiceitem: inv.lines.map((l) => ({ GLACCOUNTNO: l.glAccountNo, AMOUNT: l.amount, MEMO: l.memo, ...(l.departmentNo ? { DEPARTMENTID: l.departmentNo } : {}) })) },
        },
        'RECORDID',
        inv.documentNumber,
      ),
    postPayment: (p: AccountingPayment) =>
      create(
        'ARPYMT',
        {
          UNDEPOSITEDACCOUNTNO: p.undepositedGlAccountNo, PAYMENTMETHOD: p.paymentMethod, CUSTOMERID: p.customerId, DOCNUMBER: p.documentNumber,
          RECEIPTDATE: intacctDate(p.date), PAYMENTDATE: intacctDate(p.date), ARPYMTDETAILS: { ARPYMTDETAIL: p.applications.map((a) => ({ RECORDKEY: a.recordNo, TRX_PAYMENTAMOUNT: a.amount })) },
        },
        'DOCNUMBER',
        p.documentNumber,
      ),
    postCreditMemo: (m: AccountingCreditMemo) =>
      create(
        'ARADJUSTMENT',
        {
          CUSTOMERID: m.customerId, WHENCREATED: intacctDate(m.date), RECORDID: m.documentNumber, DESCRIPTION: m.description,
          ARADJUSTMENTITEMS: { lineitem: m.lines.map((l) => ({ GLACCOUNTNO: l.glAccountNo, AMOUNT: `-${l.amount}`, MEMO: l.memo, ...(l.departmentNo ? { DEPARTMENTID: l.departmentNo } : {}) })) },
        },
        'RECORDID',
        m.documentNumber,
      ),
    readGlAccounts: async () => chart(await readByQuery('GLACCOUNT', '', 'ACCOUNTNO,TITLE,STATUS'), 'ACCOUNTNO'),
    readDepartments: async () => chart(await readByQuery('DEPARTMENT', '', 'DEPARTMENTID,TITLE,STATUS'), 'DEPARTMENTID'),
  };
}

/** Forgets every session of these credentials (after they were changed or removed). */
export function forgetIntacctSession(creds: IntacctCredentials): void {
  sessions.delete(keyOf(creds));
}
