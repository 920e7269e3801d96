import { XMLBuilder, XMLParser } from 'fast-xml-parser';

/**
 * Sage Intacct's XML Web Services envelope, as both the adapter and the simulator speak it: a `request` with a control
 * block (the sender's id and password) and one operation (authentication by login or session id, then functions),
 * answered by a `response` whose control, authentication and each function's result carry `status` success or
 * failure, with `errormessage/error` (errorno, description, description2, correction) on failure.
 */

/** Error numbers the adapter tells apart; the rest are read as a refusal in Intacct's own words. */
export const INTACCT_ERRORS = {
  /** The sender id or password is not accepted (control block). */
  badSender: 'XL03000006',
  /** The company user's login is not accepted. */
  badLogin: 'XL03000007',
  /** The session id is unknown or has expired: sign in again. */
  badSession: 'XL03000008',
  /** Too many requests for the company at once. */
  rateLimited: 'XL03000009',
  /** A document with this number already exists. */
  duplicate: 'BL01001973',
  /** The GL account, department or customer named does not exist. */
  unknownAccount: 'BL03000018',
  unknownDepartment: 'BL03000019',
  unknownRecord: 'BL03000020',
  /** The date falls in a closed period. */
  closedPeriod: 'BL03000054',
  /** Anything else the request got wrong. */
  badRequest: 'XL03000003',
} as const;

/** One error of an answer. */
export interface IntacctErrorEntry {
  errorno: string;
  description: string;
  description2: string;
}

/** One function's result. */
export interface IntacctResult {
  status: 'success' | 'failure';
  function: string;
  controlid: string;
  data?: Record<string, unknown>;
  errors: IntacctErrorEntry[];
}

/** An answer read into what the adapter needs. */
export interface IntacctAnswer {
  controlStatus: 'success' | 'failure';
  authStatus: 'success' | 'failure' | null;
  errors: IntacctErrorEntry[];
  results: IntacctResult[];
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: false, suppressEmptyNode: false });

/** The XML text of a document given as nested objects (attributes as '@name'), with the XML declaration. */
export function xmlOf(doc: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build(doc) as string}`;
}

/** Elements that repeat in answers and requests, read as arrays even when one is present. */
const REPEATED = new Set(['error', 'result', 'function', 'arinvoiceitem', 'glaccount', 'department', 'arinvoice', 'arpymt', 'aradjustment', 'lineitem', 'ARPYMTDETAIL']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => REPEATED.has(name),
});

/** Reads an XML text as nested objects; throws on text that is not XML. */
export function readXml(text: string): Record<string, unknown> {
  const doc = parser.parse(text, true) as unknown;
  if (!doc || typeof doc !== 'object') throw new Error('Not an XML document.');
  return doc as Record<string, unknown>;
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v]);

function errorsOf(holder: unknown): IntacctErrorEntry[] {
  return arr(obj(obj(holder).errormessage).error).map((e) => {
    const o = obj(e);
    return { errorno: str(o.errorno), description: str(o.description), description2: str(o.description2) };
  });
}

/** Reads a `response` document; throws when the text is not one. */
export function readAnswer(text: string): IntacctAnswer {
  const response = obj(readXml(text).response);
  if (!response.control) throw new Error('Not an Intacct response.');
  const operation = obj(response.operation);
  const auth = operation.authentication === undefined ? null : obj(operation.authentication);
  return {
    controlStatus: str(obj(response.control).status) === 'success' ? 'success' : 'failure',
    authStatus: auth ? (str(auth.status) === 'success' ? 'success' : 'failure') : null,
    errors: [...errorsOf(response), ...errorsOf(operation)],
    results: arr(operation.result).map((r) => {
      const o = obj(r);
      return {
        status: str(o.status) === 'success' ? 'success' : 'failure',
        function: str(o.function),
        controlid: str(o.controlid),
        data: o.data === undefined ? undefined : obj(o.data),
        errors: errorsOf(o),
      };
    }),
  };
}

/** The sentence of an error list: the most specific words Intacct gave, never markup. */
export function sentenceOf(errors: readonly IntacctErrorEntry[]): string {
  const words = errors.map((e) => e.description2 || e.description).filter((w) => w && !/[<>]/.test(w));
  return words.length > 0 ? words.join(' ').slice(0, 500) : 'Intacct refused the request without saying why.';
}

/** The error entry of a failure answer. */
export function errorXml(errorno: string, description2: string, description = '') {
  return { errormessage: { error: { errorno, description, description2, correction: '' } } };
}

export { arr as xmlList, obj as xmlObject, str as xmlText };
