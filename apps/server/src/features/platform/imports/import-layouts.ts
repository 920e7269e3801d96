import { IMPORT_COLUMNS, IMPORT_KIND_INFO, type ImportKind } from '@sm/shared';
import { AppError } from '../../../lib/errors';

/**
 * The layouts an import recognises by its header row: each kind's own columns, and the QuickBooks Desktop and Online
 * exports of the customer list and the item list. A layout turns a row's cells into the named fields the row checks
 * read (`RowFields`), whatever the columns' order or case.
 */

export type LayoutId = 'standard' | 'qbDesktop' | 'qbOnline';
export type RowFields = Record<string, string>;

export interface Layout {
  id: LayoutId;
  /** How the history names it: "QuickBooks Desktop customer list". */
  label: string;
  /** The fields of one row, read from its cells. */
  fieldsOf(cells: readonly string[]): RowFields;
}

/** A header's key: lower case, letters and digits only ("External ID" and "external_id" are one column). */
export const keyOf = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

type Columns = Map<string, number>;
const cell = (cells: readonly string[], columns: Columns, ...keys: string[]) => {
  for (const k of keys) {
    const i = columns.get(k);
    if (i !== undefined && (cells[i] ?? '').trim() !== '') return (cells[i] ?? '').trim();
  }
  return '';
};

/** The fields of the kind's own layout: one per column, under the column's key. */
function standardLayout(columns: Columns): Layout {
  return {
    id: 'standard',
    label: '',
    fieldsOf: (cells) => Object.fromEntries([...columns].map(([k, i]) => [k, (cells[i] ?? '').trim()])),
  };
}

/**
 * A QuickBooks Desktop address block (Bill to 1–5, Ship to 1–5): the line with "City, ST 75201" gives the city, state
 * and zip, the lines before it the street; a first line that repeats the customer's or company's name is left out.
 */
export function addressOfLines(lines: string[], names: string[]) {
  const kept = lines.map((l) => l.trim()).filter((l) => l !== '');
  if (kept.length > 0 && names.some((n) => n && n.toLowerCase() === kept[0].toLowerCase())) kept.shift();
  const at = kept.findLastIndex((l) => /^.+?,?\s+[A-Za-z]{2}\.?\s+\d{5}(-\d{4})?$/.test(l));
  if (at < 0) return { address: kept.join(', '), city: '', state: '', zip: '' };
  const m = /^(.+?),?\s+([A-Za-z]{2})\.?\s+(\d{5}(?:-\d{4})?)$/.exec(kept[at])!;
  return { address: kept.slice(0, at).join(', '), city: m[1].trim(), state: m[2], zip: m[3] };
}

function qbDesktopCustomers(columns: Columns): Layout {
  return {
    id: 'qbDesktop',
    label: 'QuickBooks Desktop customer list',
    fieldsOf(cells) {
      const full = cell(cells, columns, 'customer');
      const company = cell(cells, columns, 'company');
      const lines = (prefix: string) => [1, 2, 3, 4, 5].map((n) => cell(cells, columns, `${prefix}${n}`));
      const billTo = addressOfLines(lines('billto'), [full, company]);
      const shipLines = lines('shipto');
      const jobName = full.slice(full.lastIndexOf(':') + 1).trim();
      const shipTo = shipLines.some((l) => l !== '') ? addressOfLines(shipLines, [full, company, jobName]) : billTo;
      const common = { phone: cell(cells, columns, 'mainphone', 'phone'), email: cell(cells, columns, 'mainemail', 'email'), notes: cell(cells, columns, 'notes', 'note') };
      return qbCustomerFields(full, cell(cells, columns, 'listid'), company, { ...billTo, ...common }, { ...shipTo, ...common });
    },
  };
}

function qbOnlineCustomers(columns: Columns): Layout {
  return {
    id: 'qbOnline',
    label: 'QuickBooks Online customer list',
    fieldsOf(cells) {
      const address = {
        address: cell(cells, columns, 'streetaddress', 'billingstreet', 'address'),
        city: cell(cells, columns, 'city', 'billingcity'),
        state: cell(cells, columns, 'state', 'billingstate'),
        zip: cell(cells, columns, 'zip', 'billingzip', 'postalcode'),
        phone: cell(cells, columns, 'phone', 'phonenumbers'),
        email: cell(cells, columns, 'email'),
        notes: cell(cells, columns, 'notes', 'note'),
      };
      return qbCustomerFields(cell(cells, columns, 'customer', 'name', 'displayname'), cell(cells, columns, 'listid', 'id'), cell(cells, columns, 'company', 'companyname'), address, address);
    },
  };
}

/**
 * A QuickBooks customer row: a customer, or a job ("Customer:Job", a sub-customer) that becomes a service location of
 * its parent, the customer whose full name comes before the last colon. The list id, when the export has one, is the
 * external id; else the full name, which QuickBooks keeps unique.
 */
function qbCustomerFields(full: string, listId: string, company: string, billTo: Record<string, string>, shipTo: Record<string, string>): RowFields {
  const at = full.lastIndexOf(':');
  if (at <= 0) return { externalid: listId || full, name: company || full, ...billTo };
  const parent = full.slice(0, at).trim();
  return {
    externalid: parent,
    name: parent,
    parentonly: 'yes',
    locationexternalid: listId || full,
    locationname: full.slice(at + 1).trim(),
    ...Object.fromEntries(Object.entries(shipTo).map(([k, v]) => [`location${k}`, v])),
  };
}

function qbItems(columns: Columns, online: boolean): Layout {
  return {
    id: online ? 'qbOnline' : 'qbDesktop',
    label: online ? 'QuickBooks Online item list' : 'QuickBooks Desktop item list',
    fieldsOf(cells) {
      const name = cell(cells, columns, 'item', 'productservicename', 'productservice', 'name');
      const active = cell(cells, columns, 'activestatus', 'active', 'status');
      return {
        externalid: cell(cells, columns, 'listid') || name,
        name,
        description: cell(cells, columns, 'description', 'salesdescription'),
        price: cell(cells, columns, 'price', 'salesprice', 'salespricerate', 'rate'),
        active: /^inactive$/i.test(active) ? 'no' : 'yes',
      };
    },
  };
}

/** The layout a file's header row names, or the 400 that says which columns the kind needs. */
export function layoutOf(kind: ImportKind, header: readonly string[]): Layout {
  const columns: Columns = new Map();
  header.forEach((h, i) => {
    const k = keyOf(h);
    if (k && !columns.has(k)) columns.set(k, i);
  });
  const has = (...keys: string[]) => keys.every((k) => columns.has(k));
  const spec = IMPORT_COLUMNS[kind];
  if (has(...spec.required.map(keyOf))) return standardLayout(columns);
  if (kind === 'customers' && has('customer') && (has('billto1') || has('mainphone') || has('mainemail'))) return qbDesktopCustomers(columns);
  if (kind === 'customers' && (has('customer') || has('displayname')) && has('streetaddress')) return qbOnlineCustomers(columns);
  if (kind === 'standardItems' && has('item') && (has('price') || has('description'))) return qbItems(columns, false);
  if (kind === 'standardItems' && (has('productservicename') || has('productservice'))) return qbItems(columns, true);
  const missing = spec.required.filter((c) => !columns.has(keyOf(c)));
  const qb = spec.quickBooks ? ', or be a QuickBooks export' : '';
  throw new AppError(400, `The file's columns are not those of a ${IMPORT_KIND_INFO[kind].plural} import: its first row must name the columns ${spec.required.join(', ')}${qb}. Missing: ${missing.join(', ')}.`);
}
