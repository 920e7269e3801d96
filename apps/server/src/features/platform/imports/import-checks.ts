import {
  inviteUserBody, isSuperAdmin, jsonNumberOf, referenceBodyOf, REFERENCE_LISTS, required, ROLE, ROLES, saveContactBody, saveCustomerBody, type Access, type ImportKind,
} from '@sm/shared';
import type { z } from 'zod';
import { SUPER_ADMIN_ONLY } from '../users-admin/users-admin.service';
import type { RowFields } from './import-layouts';

/**
 * The checks of one row, with the forms' own schemas and so their sentences: a row passes with the values to write,
 * or is refused with every sentence that applies. Checks that need the database (does the customer exist, is the
 * user name taken) come after, a batch at a time (import-stage.service.ts).
 */

export type Checked =
  | { ok: true; externalId: string; name: string; data: Record<string, unknown> }
  | { ok: false; externalId: string | null; message: string };

const EXTERNAL_ID_MAX = 100;

/** The sentences of a failed parse, each once, in the order of the fields. */
function sentences(error: z.ZodError, prefix = ''): string {
  return [...new Set(error.issues.map((i) => `${prefix}${i.message}`))].join(' ');
}

function externalIdOf(fields: RowFields, key: string, label: string): { id: string } | { message: string } {
  const id = (fields[key] ?? '').trim();
  if (!id) return { message: required(label) };
  if (id.length > EXTERNAL_ID_MAX) return { message: `${label} must be at most ${EXTERNAL_ID_MAX} characters.` };
  return { id };
}

/** Yes/No as people type it in a spreadsheet; blank is the default. */
function yesNo<T extends boolean | null>(text: string | undefined, label: string, fallback: T): boolean | T | string {
  const t = (text ?? '').trim().toLowerCase();
  if (t === '') return fallback;
  if (['yes', 'y', 'true', '1', 'x'].includes(t)) return true;
  if (['no', 'n', 'false', '0'].includes(t)) return false;
  return `${label} must be Yes or No.`;
}

/** An amount as a spreadsheet writes it ("$1,250.50"), as the JSON number the form sends; other text stays text, so the schema says why. */
function amountOf(text: string | undefined): number | string | undefined {
  const t = (text ?? '').trim().replace(/^\$/, '').replace(/,/g, '');
  if (t === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? jsonNumberOf(t) : t;
}

function checkCustomer(fields: RowFields): Checked {
  const ext = externalIdOf(fields, 'externalid', 'External ID');
  const externalId = 'id' in ext ? ext.id : null;
  const problems: string[] = 'message' in ext ? [ext.message] : [];
  // Blank: a new customer takes the company's customer defaults, one imported before keeps its own.
  const taxExempt = yesNo(fields.taxexempt, 'Tax Exempt', null);
  if (typeof taxExempt === 'string') problems.push(taxExempt);
  const isParentOnly = fields.parentonly === 'yes';
  const customer = saveCustomerBody.safeParse({
    name: fields.name ?? '', address: fields.address, city: fields.city, state: fields.state, zip: fields.zip, phone: fields.phone, email: fields.email, notes: fields.notes,
    isTaxExempt: typeof taxExempt === 'boolean' ? taxExempt : undefined,
  });
  if (!customer.success) problems.push(sentences(customer.error));
  const locationName = (fields.locationname ?? '').trim();
  let location: Record<string, unknown> | null = null;
  if (locationName || fields.locationexternalid) {
    const lext = fields.locationexternalid?.trim() || (externalId && locationName ? `${externalId}:${locationName}` : '');
    if (lext.length > EXTERNAL_ID_MAX) problems.push(`Location External ID must be at most ${EXTERNAL_ID_MAX} characters.`);
    const parsed = saveCustomerBody.safeParse({
      name: locationName, address: fields.locationaddress, city: fields.locationcity, state: fields.locationstate, zip: fields.locationzip, phone: fields.locationphone,
    });
    if (!parsed.success) problems.push(sentences(parsed.error, 'Location '));
    else location = { externalId: lext, ...pickSite(parsed.data) };
  }
  if (problems.length > 0 || !customer.success || !externalId) return { ok: false, externalId, message: problems.join(' ') };
  const c = { externalId, ...pickSite(customer.data), email: customer.data.email, notes: customer.data.notes, isTaxExempt: customer.data.isTaxExempt ?? null };
  const name = location ? `${c.name} – ${String(location.name)}` : c.name;
  return { ok: true, externalId: (location?.externalId as string | undefined) ?? externalId, name, data: { c, parentOnly: isParentOnly, l: location } };
}

const pickSite = (v: z.output<typeof saveCustomerBody>) => ({ name: v.name, address: v.address, city: v.city, state: v.state, zip: v.zip, phone: v.phone });

const contactFields = saveContactBody.omit({ customerId: true });

function checkContact(fields: RowFields): Checked {
  const ext = externalIdOf(fields, 'externalid', 'External ID');
  const externalId = 'id' in ext ? ext.id : null;
  const problems: string[] = 'message' in ext ? [ext.message] : [];
  const customer = externalIdOf(fields, 'customerexternalid', 'Customer External ID');
  if ('message' in customer) problems.push(customer.message);
  const primary = yesNo(fields.primary, 'Primary', false);
  if (typeof primary === 'string') problems.push(primary);
  const parsed = contactFields.safeParse({ name: fields.name ?? '', title: fields.title, phone: fields.phone, email: fields.email, isPrimary: primary === true });
  if (!parsed.success) problems.push(sentences(parsed.error));
  if (problems.length > 0 || !parsed.success || !externalId || !('id' in customer)) return { ok: false, externalId, message: problems.join(' ') };
  return { ok: true, externalId, name: parsed.data.name, data: { ...parsed.data, externalId, customerExternalId: customer.id } };
}

const ROLE_IDS = new Map(ROLES.map((r) => [r.roleName.toLowerCase(), r.roleId]));

function checkUser(fields: RowFields, access: Access): Checked {
  const ext = externalIdOf(fields, 'externalid', 'External ID');
  const externalId = 'id' in ext ? ext.id : null;
  const problems: string[] = 'message' in ext ? [ext.message] : [];
  const roleNames = (fields.roles ?? '').split(/[;,|]/).map((r) => r.trim()).filter((r) => r !== '');
  const roleIds: number[] = [];
  for (const r of roleNames) {
    const id = ROLE_IDS.get(r.toLowerCase());
    if (id === undefined) problems.push(`Role ${r} is not known.`);
    else roleIds.push(id);
  }
  if (roleIds.includes(ROLE['Super Admin']) && !isSuperAdmin(access)) problems.push(SUPER_ADMIN_ONLY);
  const parsed = inviteUserBody.safeParse({ name: fields.name ?? '', email: fields.email ?? '', userName: fields.username ?? '', phone: fields.phone, roleIds: [...new Set(roleIds)] });
  if (!parsed.success) problems.push(sentences(parsed.error));
  if (problems.length > 0 || !parsed.success || !externalId) return { ok: false, externalId, message: problems.join(' ') };
  return { ok: true, externalId, name: parsed.data.name, data: { ...parsed.data, externalId, jobTitle: (fields.jobtitle ?? '').trim() || null } };
}

const standardItemBody = referenceBodyOf(REFERENCE_LISTS.find((d) => d.key === 'standardItems')!);

function checkStandardItem(fields: RowFields): Checked {
  const ext = externalIdOf(fields, 'externalid', 'External ID');
  const externalId = 'id' in ext ? ext.id : null;
  const problems: string[] = 'message' in ext ? [ext.message] : [];
  const active = yesNo(fields.active, 'Active', true);
  if (typeof active === 'string') problems.push(active);
  const description = (fields.description ?? '').trim();
  const parsed = standardItemBody.safeParse({ name: fields.name ?? '', description: description || null, price: amountOf(fields.price), isActive: active !== false });
  if (!parsed.success) problems.push(sentences(parsed.error));
  if (problems.length > 0 || !parsed.success || !externalId) return { ok: false, externalId, message: problems.join(' ') };
  const item = parsed.data as { name: string; description: string | null; price: number; isActive: boolean };
  return { ok: true, externalId, name: item.name, data: { ...item, externalId } };
}

/** The checks of a row of the kind, before the database is asked anything. */
export function checkRow(kind: ImportKind, fields: RowFields, access: Access): Checked {
  switch (kind) {
    case 'customers':
      return checkCustomer(fields);
    case 'contacts':
      return checkContact(fields);
    case 'users':
      return checkUser(fields, access);
    case 'standardItems':
      return checkStandardItem(fields);
  }
}
