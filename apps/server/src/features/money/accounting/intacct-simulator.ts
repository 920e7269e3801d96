import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { compareMoney, sumMoney } from '@sm/shared';
import type { SimulatorPlugin } from '../../field/providers/simulator/simulator-server';
import { INTACCT_ERRORS, errorXml, readXml, xmlList, xmlObject, xmlOf, xmlText } from './intacct-wire';
import { intacctDemoSeed, type IntacctSimCompany, type IntacctSimSeed } from './intacct-simulator-data';

type Row = Record<string, unknown>;

/** What the simulated Intacct keeps of one company: its lists, its ledger, and the limits a test may set. */
interface CompanyLedger extends IntacctSimCompany {
  invoices: Row[];
  payments: Row[];
  adjustments: Row[];
  /** Dates up to and including this day (YYYY-MM-DD) are in a closed period. */
  periodClosedThrough: string | null;
  /** At most this many requests in a minute; the next is refused as Intacct refuses a burst. */
  requestLimit: number | null;
  requestTimes: number[];
  /** How long an authenticated request is held after it was carried out, before its answer leaves. */
  answerDelayMs: number;
}

const SESSION_MS = 30 * 60_000;
const AMOUNT = /^-?\d{1,12}(\.\d{1,2})?$/;
/** MM/DD/YYYY → YYYY-MM-DD, or null. */
const dayOf = (text: string) => (/^\d{2}\/\d{2}\/\d{4}$/.test(text) ? `${text.slice(6)}-${text.slice(0, 2)}-${text.slice(3, 5)}` : null);

class Refusal extends Error {
  constructor(
    public readonly errorno: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Sage Intacct's XML gateway as the simulator speaks it, under '/intacct' at `POST /ia/xml/xmlgw.phtml`: sender
 * credentials in the control block, login or session authentication, getAPISession, readByQuery of GLACCOUNT,
 * DEPARTMENT and the AR objects (paged, with readMore), and create of ARINVOICE, ARPYMT and ARADJUSTMENT into a ledger per company. It
 * refuses as Intacct does: a wrong sender or login, an unknown or expired session, an unknown or inactive GL account,
 * an unknown department or invoice, a date in a closed period, a document number already used, and too many requests.
 * `POST /intacct/__company/:companyId` sets the closed period, the request limit and how long answers are held;
 * `POST /intacct/__expireSessions` ends every session.
 */
export function intacctSimulator(seed: () => IntacctSimSeed = intacctDemoSeed): SimulatorPlugin {
  let data: IntacctSimSeed;
  let ledgers: Map<string, CompanyLedger>;
  let sessions: Map<string, { companyId: string; userId: string; expiresAt: number }>;
  let nextRecordNo: number;
  let sessionsIssued: number;
  let reads: Map<string, { id: string; object: string; rows: Row[]; total: number; pageSize: number }>;
  const reset = () => {
    data = seed();
    ledgers = new Map(data.companies.map((c) => [c.companyId, { ...c, invoices: [], payments: [], adjustments: [], periodClosedThrough: null, requestLimit: null, requestTimes: [], answerDelayMs: 0 }]));
    sessions = new Map();
    reads = new Map();
    nextRecordNo = 101;
    sessionsIssued = 0;
  };
  reset();

  const checkDate = (ledger: CompanyLedger, text: string, field: string) => {
    const day = dayOf(text);
    if (!day) throw new Refusal(INTACCT_ERRORS.badRequest, `${field} must be a date written MM/DD/YYYY.`);
    if (ledger.periodClosedThrough && day <= ledger.periodClosedThrough) {
      throw new Refusal(INTACCT_ERRORS.closedPeriod, `The ${field} ${text} is in a closed period: the books are closed through ${ledger.periodClosedThrough}.`);
    }
  };
  const checkAccount = (ledger: CompanyLedger, accountNo: string) => {
    const account = ledger.glAccounts.find((a) => a.ACCOUNTNO === accountNo);
    if (!account) throw new Refusal(INTACCT_ERRORS.unknownAccount, `GL account ${accountNo} does not exist.`);
    if (account.STATUS !== 'active') throw new Refusal(INTACCT_ERRORS.unknownAccount, `GL account ${accountNo} is inactive.`);
  };
  const checkDepartment = (ledger: CompanyLedger, departmentId: string) => {
    if (departmentId && !ledger.departments.some((d) => d.DEPARTMENTID === departmentId)) throw new Refusal(INTACCT_ERRORS.unknownDepartment, `Department ${departmentId} does not exist.`);
  };
  const checkLines = (ledger: CompanyLedger, lines: unknown[], what: string) => {
    if (lines.length === 0) throw new Refusal(INTACCT_ERRORS.badRequest, `The ${what} has no lines.`);
    return lines.map((l) => {
      const line = xmlObject(l);
      const amount = xmlText(line.AMOUNT);
      if (!AMOUNT.test(amount)) throw new Refusal(INTACCT_ERRORS.badRequest, `AMOUNT ${amount} is not an amount.`);
      checkAccount(ledger, xmlText(line.GLACCOUNTNO));
      checkDepartment(ledger, xmlText(line.DEPARTMENTID));
      return { GLACCOUNTNO: xmlText(line.GLACCOUNTNO), AMOUNT: amount, MEMO: xmlText(line.MEMO), DEPARTMENTID: xmlText(line.DEPARTMENTID) };
    });
  };
  const required = (row: Row, field: string) => {
    const value = xmlText(row[field]);
    if (!value) throw new Refusal(INTACCT_ERRORS.badRequest, `${field} is required.`);
    return value;
  };

  function createOf(ledger: CompanyLedger, object: string, row: Row): Row {
    const recordNo = () => String(nextRecordNo++);
    if (object === 'ARINVOICE' || object === 'ARADJUSTMENT') {
      const list = object === 'ARINVOICE' ? ledger.invoices : ledger.adjustments;
      const number = required(row, 'RECORDID');
      required(row, 'CUSTOMERID');
      if (list.some((r) => r.RECORDID === number)) throw new Refusal(INTACCT_ERRORS.duplicate, `Another document with the number ${number} already exists.`);
      checkDate(ledger, xmlText(row.WHENCREATED), 'transaction date');
      const items = object === 'ARINVOICE' ? xmlList(xmlObject(row.ARINVOICEITEMS).arinvoiceitem) : xmlList(xmlObject(row.ARADJUSTMENTITEMS).lineitem);
      const lines = checkLines(ledger, items, object === 'ARINVOICE' ? 'invoice' : 'adjustment');
      const stored = { RECORDNO: recordNo(), RECORDID: number, CUSTOMERID: xmlText(row.CUSTOMERID), WHENCREATED: xmlText(row.WHENCREATED), ...(object === 'ARINVOICE' ? { WHENDUE: xmlText(row.WHENDUE) } : {}), TOTALENTERED: sumMoney(lines.map((l) => l.AMOUNT)), TOTALPAID: '0.00', lines };
      list.push(stored);
      return stored;
    }
    if (object === 'ARPYMT') {
      const number = required(row, 'DOCNUMBER');
      if (ledger.payments.some((r) => r.DOCNUMBER === number)) throw new Refusal(INTACCT_ERRORS.duplicate, `Another payment with the document number ${number} already exists.`);
      checkDate(ledger, xmlText(row.PAYMENTDATE), 'payment date');
      checkAccount(ledger, required(row, 'UNDEPOSITEDACCOUNTNO'));
      const details = xmlList(xmlObject(row.ARPYMTDETAILS).ARPYMTDETAIL).map(xmlObject);
      if (details.length === 0) throw new Refusal(INTACCT_ERRORS.badRequest, 'The payment applies to no invoice.');
      // Each detail settles one invoice record; details to the same record add up against its balance.
      const paidAfter = new Map<Row, string>();
      for (const d of details) {
        const invoice = ledger.invoices.find((i) => i.RECORDNO === xmlText(d.RECORDKEY));
        if (!invoice) throw new Refusal(INTACCT_ERRORS.unknownRecord, `Invoice record ${xmlText(d.RECORDKEY)} does not exist.`);
        const amount = xmlText(d.TRX_PAYMENTAMOUNT);
        if (!AMOUNT.test(amount)) throw new Refusal(INTACCT_ERRORS.badRequest, `TRX_PAYMENTAMOUNT ${amount} is not an amount.`);
        const paid = sumMoney([paidAfter.get(invoice) ?? xmlText(invoice.TOTALPAID), amount]);
        if (compareMoney(paid, xmlText(invoice.TOTALENTERED)) > 0) throw new Refusal(INTACCT_ERRORS.badRequest, `The payment is more than invoice ${xmlText(invoice.RECORDID)} has due.`);
        paidAfter.set(invoice, paid);
      }
      for (const [invoice, paid] of paidAfter) invoice.TOTALPAID = paid;
      const stored = { RECORDNO: recordNo(), DOCNUMBER: number, CUSTOMERID: xmlText(row.CUSTOMERID), PAYMENTDATE: xmlText(row.PAYMENTDATE), PAYMENTMETHOD: xmlText(row.PAYMENTMETHOD), TOTALENTERED: sumMoney(details.map((d) => xmlText(d.TRX_PAYMENTAMOUNT))), details };
      ledger.payments.push(stored);
      return stored;
    }
    throw new Refusal(INTACCT_ERRORS.badRequest, `Object ${object} cannot be created here.`);
  }

  /** A query's rows, kept under a result id for readMore while pages remain. */
  function startRead(ledger: CompanyLedger, fn: Row) {
    const rows = readOf(ledger, fn);
    const pageSize = Math.max(1, Math.min(2000, Number.parseInt(xmlText(fn.pagesize), 10) || 100));
    const read = { id: randomBytes(9).toString('hex'), object: xmlText(fn.object), rows: [...rows], total: rows.length, pageSize };
    reads.set(read.id, read);
    return read;
  }

  function readOf(ledger: CompanyLedger, fn: Row): Row[] {
    const object = xmlText(fn.object);
    const rows: Row[] | undefined = { GLACCOUNT: ledger.glAccounts, DEPARTMENT: ledger.departments, ARINVOICE: ledger.invoices, ARPYMT: ledger.payments, ARADJUSTMENT: ledger.adjustments }[object];
    if (!rows) throw new Refusal(INTACCT_ERRORS.badRequest, `Object ${object} cannot be read.`);
    const query = xmlText(fn.query).trim();
    if (query === '') return rows;
    const match = /^(\w+) = '((?:[^']|'')*)'$/.exec(query);
    if (!match) throw new Refusal(INTACCT_ERRORS.badRequest, `The query ${query} is not one this gateway reads.`);
    return rows.filter((r) => xmlText(r[match[1]!]) === match[2]!.replace(/''/g, "'"));
  }

  /** One function of an authenticated operation: its result element. */
  function resultOf(ledger: CompanyLedger, auth: { companyId: string; userId: string }, fn: Row): Row {
    const controlid = xmlText(fn['@controlid']);
    const [name] = Object.keys(fn).filter((k) => !k.startsWith('@'));
    try {
      if (name === 'getAPISession') {
        const sessionId = randomBytes(18).toString('base64url');
        const expiresAt = Date.now() + SESSION_MS;
        sessions.set(sessionId, { ...auth, expiresAt });
        sessionsIssued++;
        return { status: 'success', function: name, controlid, data: { api: { sessionid: sessionId, endpoint: '', locationid: '', sessiontimeout: new Date(expiresAt).toISOString() } } };
      }
      if (name === 'readByQuery' || name === 'readMore') {
        const read = name === 'readByQuery' ? startRead(ledger, xmlObject(fn.readByQuery)) : reads.get(xmlText(xmlObject(fn.readMore).resultId));
        if (!read) throw new Refusal(INTACCT_ERRORS.badRequest, 'The resultId is unknown or was read to its end.');
        const rows = read.rows.splice(0, read.pageSize);
        const data = { '@listtype': read.object, '@count': rows.length, '@totalcount': read.total, '@numremaining': read.rows.length, '@resultId': read.id, [read.object.toLowerCase()]: rows };
        if (read.rows.length === 0) reads.delete(read.id);
        return { status: 'success', function: name, controlid, data };
      }
      if (name === 'create') {
        const [object] = Object.keys(xmlObject(fn.create));
        const stored = createOf(ledger, object ?? '', xmlObject(xmlObject(fn.create)[object ?? '']));
        return { status: 'success', function: name, controlid, data: { '@listtype': 'objects', '@count': 1, [(object ?? '').toLowerCase()]: { RECORDNO: stored.RECORDNO } } };
      }
      throw new Refusal(INTACCT_ERRORS.badRequest, `Function ${name ?? '(none)'} is not one this gateway runs.`);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      return { status: 'failure', function: name ?? '', controlid, ...errorXml(err.errorno, err.message) };
    }
  }

  const control = (request: Row, status: string) => ({ status, senderid: xmlText(xmlObject(request.control).senderid), controlid: xmlText(xmlObject(request.control).controlid), uniqueid: 'false', dtdversion: '3.0' });
  const failure = (request: Row, errorno: string, message: string) => xmlOf({ response: { control: control(request, 'failure'), ...errorXml(errorno, message) } });

  /** The answer to a request, and how long to hold it (a test kills the product while Intacct holds its answer). */
  function answer(text: string): { xml: string; delayMs: number } {
    const atOnce = { xml: '', delayMs: 0 };
    let request: Row;
    try {
      request = xmlObject(readXml(text).request);
    } catch {
      return { ...atOnce, xml: xmlOf({ response: { control: { status: 'failure' }, ...errorXml(INTACCT_ERRORS.badRequest, 'The request is not well-formed XML.') } }) };
    }
    const ctl = xmlObject(request.control);
    if (!data.senders.some((s) => s.senderId === xmlText(ctl.senderid) && s.password === xmlText(ctl.password))) {
      return { ...atOnce, xml: failure(request, INTACCT_ERRORS.badSender, 'Incorrect Intacct XML Partner ID or password.') };
    }
    const operation = xmlObject(request.operation);
    const authIn = xmlObject(operation.authentication);
    let auth: { companyId: string; userId: string } | null = null;
    let authError: [string, string] = [INTACCT_ERRORS.badLogin, 'Sign-in information is incorrect.'];
    if (authIn.sessionid !== undefined) {
      const session = sessions.get(xmlText(authIn.sessionid));
      if (session && session.expiresAt > Date.now()) auth = session;
      else authError = [INTACCT_ERRORS.badSession, 'Invalid session: it is unknown or has expired. Sign in again.'];
    } else {
      const login = xmlObject(authIn.login);
      const company = ledgers.get(xmlText(login.companyid));
      if (company?.users.some((u) => u.userId === xmlText(login.userid) && u.password === xmlText(login.password))) auth = { companyId: company.companyId, userId: xmlText(login.userid) };
    }
    const ledger = auth ? ledgers.get(auth.companyId) : undefined;
    if (!auth || !ledger) {
      return { ...atOnce, xml: xmlOf({ response: { control: control(request, 'success'), operation: { authentication: { status: 'failure', userid: '', companyid: '' }, ...errorXml(...authError) } } }) };
    }
    const now = Date.now();
    ledger.requestTimes = ledger.requestTimes.filter((t) => t > now - 60_000);
    if (ledger.requestLimit !== null && ledger.requestTimes.length >= ledger.requestLimit) {
      return { ...atOnce, xml: failure(request, INTACCT_ERRORS.rateLimited, 'Too many requests for this company: wait a moment and try again.') };
    }
    ledger.requestTimes.push(now);
    const functions = xmlList(xmlObject(operation.content).function).map(xmlObject);
    const xml = xmlOf({
      response: {
        control: control(request, 'success'),
        operation: { authentication: { status: 'success', userid: auth.userId, companyid: auth.companyId }, result: functions.map((fn) => resultOf(ledger, auth, fn)) },
      },
    });
    return { xml, delayMs: ledger.answerDelayMs };
  }

  function register(app: FastifyInstance) {
    for (const type of ['application/xml', 'text/xml']) app.addContentTypeParser(type, { parseAs: 'string' }, (_req, body, done) => done(null, body));
    app.post('/ia/xml/xmlgw.phtml', async (req, reply) => {
      const { xml, delayMs } = answer(typeof req.body === 'string' ? req.body : '');
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      return reply.type('application/xml').send(xml);
    });
    app.post<{ Params: { companyId: string }; Body: { periodClosedThrough?: string | null; requestLimit?: number | null; answerDelayMs?: number } }>('/__company/:companyId', async (req, reply) => {
      const ledger = ledgers.get(req.params.companyId);
      if (!ledger) return reply.code(404).send({ message: 'No such company.' });
      if (req.body?.periodClosedThrough !== undefined) ledger.periodClosedThrough = req.body.periodClosedThrough;
      if (req.body?.requestLimit !== undefined) ledger.requestLimit = req.body.requestLimit;
      if (req.body?.answerDelayMs !== undefined) ledger.answerDelayMs = Math.max(0, Math.min(120_000, Math.round(req.body.answerDelayMs)));
      return { ok: true };
    });
    app.post('/__expireSessions', async () => {
      for (const s of sessions.values()) s.expiresAt = 0;
      return { ok: true };
    });
  }

  return {
    name: 'intacct',
    prefix: '/intacct',
    register,
    reset,
    state: () => ({
      sessionsIssued,
      companies: Object.fromEntries([...ledgers.values()].map((l) => [l.companyId, { invoices: l.invoices, payments: l.payments, adjustments: l.adjustments, periodClosedThrough: l.periodClosedThrough }])),
    }),
  };
}
