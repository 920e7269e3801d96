import { AccountingError } from './accounting-system';

/**
 * QuickBooks Online's REST API v3 as both the adapter and the simulator speak it: JSON bodies under
 * `{baseUrl}/v3/company/{realmId}/…`, answers wrapping the entity (`{"Invoice": {…}, "time": …}`), queries answered as
 * `{"QueryResponse": {"Customer": […], "startPosition": 1, "maxResults": n}}`, and refusals as a Fault:
 * `{"Fault": {"Error": [{"Message", "Detail", "code", "element"}], "type": "ValidationFault"}}` (401 answers spell it
 * `fault`/`error` in lower case, as QuickBooks does for authentication).
 */

/** Fault codes the adapter tells apart; the rest are read as a refusal in QuickBooks' own words. */
export const QBO_CODES = {
  /** The access token is missing, unknown or expired (AuthenticationFault, HTTP 401). */
  authentication: '3200',
  /** Too many requests for the company in a minute (ThrottleExceeded, HTTP 429). */
  throttled: '003001',
  /** A reference names no record: an unknown customer, item, account or transaction. */
  invalidReference: '2500',
  /** A required field is missing or a value is not valid. */
  invalid: '2020',
  /** Another transaction of this kind has the document number (when the company forbids duplicates). */
  duplicateDocNumber: '6140',
  /** The transaction date falls on or before the company's closing date. */
  closedPeriod: '6210',
} as const;

export interface QboFaultError {
  Message: string;
  Detail: string;
  code: string;
  element?: string;
}

export interface QboFault {
  type: string;
  Error: QboFaultError[];
}

/** A Fault answer's body. */
export function faultOf(type: string, code: string, message: string, detail: string, element?: string) {
  return { Fault: { Error: [{ Message: message, Detail: detail, code, ...(element ? { element } : {}) }], type }, time: new Date().toISOString() };
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The Fault of an answer (either spelling), or null when it carries none. */
export function readFault(body: unknown): QboFault | null {
  const holder = obj(body);
  const fault = obj(holder.Fault ?? holder.fault);
  const errors = (fault.Error ?? fault.error) as unknown;
  if (!Array.isArray(errors)) return null;
  return {
    type: str(fault.type),
    Error: errors.map((e) => {
      const o = obj(e);
      return { Message: str(o.Message ?? o.message), Detail: str(o.Detail ?? o.detail), code: str(o.code), element: str(o.element) || undefined };
    }),
  };
}

/** QuickBooks' words for a Fault: each error's detail (or message), joined. */
export const sentenceOf = (fault: QboFault) => fault.Error.map((e) => (e.Detail || e.Message).trim().replace(/([^.])$/, '$1.')).join(' ') || `QuickBooks refused the request (${fault.type}).`;

/**
 * The product's error for a Fault: a throttle or a server error is passing (tried again later); a closed period, an
 * unknown reference or any other validation fault is a refusal with QuickBooks' sentence, to be fixed before a resend.
 */
export function refusalOf(status: number, fault: QboFault | null): AccountingError {
  const code = fault?.Error[0]?.code;
  if (status === 429 || code === QBO_CODES.throttled) return new AccountingError(502, `QuickBooks is busy: ${fault ? sentenceOf(fault) : 'too many requests.'} It is tried again later.`, true, code);
  if (status >= 500) return new AccountingError(502, `QuickBooks had a problem answering (HTTP ${status}).`, true, code);
  if (!fault) return new AccountingError(502, `QuickBooks answered HTTP ${status} without saying why.`, false);
  if (code === QBO_CODES.closedPeriod) return new AccountingError(422, `QuickBooks refused a date in a closed period: ${sentenceOf(fault)}`, false, code);
  if (status === 401) return new AccountingError(502, `QuickBooks refused the connection's token: ${sentenceOf(fault)}`, false, code);
  return new AccountingError(422, `QuickBooks: ${sentenceOf(fault)}`, false, code);
}
