import { jsonOf, plausible } from './bad-input-cases';
import type { IdField } from './id-kinds';
import type { Route } from './route-sweep';

type Json = { type?: string | string[]; format?: string; properties?: Record<string, Json>; items?: Json; anyOf?: Json[]; required?: string[]; minItems?: number; example?: unknown };
type Obj = Record<string, unknown>;
const DROP = Symbol('drop');

/** One request of the cross-company sweep: the address, query and body to send, and why the route's schemas refuse it, if they do. */
export interface SweepRequest {
  url: string;
  query: Record<string, string>;
  body: unknown;
  refusedBySchema: string | undefined;
}

/**
 * Requests to a route naming, at `target`, the record `foreign` gives for its kind, and everywhere else records of the
 * caller's own company (`own`): so the foreign id is the one reason left to refuse them. The first leaves out the
 * optional ids other than the target (null where the schema takes null); the second, when it differs, names them with
 * the caller's own records, for a route that refuses the first for want of one. Other fields are the schema's example
 * or plausible values. When the route's schemas take neither, the one request says why.
 */
export function requestsFor(route: Route, fields: IdField[], target: IdField, own: Obj, foreign: Obj): SweepRequest[] {
  const s = route.schema ?? {};
  /** `lean`: the optional ids other than the target left out; else named, with the caller's own records. */
  const valueOf = (f: IdField, lean: boolean): unknown => {
    const k = f.kind!;
    const isTarget = f === target || ('companionOf' in k && k.companionOf === target.key);
    const v = (isTarget ? foreign : own)[f.key!];
    if (isTarget) return f.isList ? [v] : v;
    if ('outside' in k || 'notAnId' in k) return undefined;
    if (f.in === 'path') return v;
    if (lean && f.nullable && f.in === 'body') return null;
    if (lean && !f.required) return DROP;
    return f.isList ? (lean ? [] : [v]) : v;
  };

  const pathJson = s.params ? (jsonOf(s.params) as Json) : {};
  const params: Record<string, string> = {};
  for (const p of (route.url.match(/:([A-Za-z]+)/g) ?? []).map((x) => x.slice(1))) {
    const f = fields.find((x) => x.in === 'path' && x.name === p);
    params[p] = String(f ? valueOf(f, true) : plausible(pathJson.properties?.[p] ?? {}, p));
  }
  const url = route.url.replace(/:([A-Za-z]+)/g, (_, p: string) => encodeURIComponent(params[p]));

  const queryJson = s.querystring ? (jsonOf(s.querystring) as Json) : {};
  const query: Record<string, string> = {};
  for (const q of queryJson.required ?? []) query[q] = String(plainValue(queryJson.properties?.[q] ?? {}, q));
  for (const f of fields.filter((x) => x.in === 'query')) {
    const v = valueOf(f, true);
    if (v === DROP || v === null) delete query[f.name];
    else if (v !== undefined) query[f.name] = String(v);
  }
  let problem: string | undefined;
  if (s.params && !s.params.safeParse(params).success) problem = `path ${JSON.stringify(params)}`;
  if (s.querystring && !s.querystring.safeParse(query).success) problem = `query ${JSON.stringify(query)}`;
  if (!s.body) return [{ url, query, body: undefined, refusedBySchema: problem }];

  const json = jsonOf(s.body) as Json;
  // The schema's own example first (its fields fit together; its times replaced by now), else plausible values field
  // by field; and when fields must agree (a standard item line names a standard item), each value of each choice field in turn.
  const filled = filledOut(json) as Obj;
  const example = json.example && typeof json.example === 'object' ? (json.example as Obj) : undefined;
  const isNow = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v);
  const bases = [example && { ...filled, ...Object.fromEntries(Object.entries(example).filter(([k, v]) => !(isNow(filled[k]) && isNow(v)))) }, filled].filter(Boolean) as Obj[];
  const choices = Object.entries(json.properties ?? {}).flatMap(([k, v]) => ((v.anyOf?.find((x) => x.type !== 'null') ?? v) as Json & { enum?: unknown[] }).enum?.map((e) => [k, e] as const) ?? []);
  const found: SweepRequest[] = [];
  let refusal = '';
  for (const lean of [true, false]) {
    search: for (const base of bases) {
      for (const choice of [undefined, ...choices]) {
        const body = structuredClone(base);
        if (choice) body[choice[0]] = choice[1];
        for (const f of fields.filter((x) => x.in === 'body')) setAt(body, f.at, valueOf(f, lean), f === target, json);
        const parsed = s.body.safeParse(body);
        if (parsed.success) {
          if (!found.some((r) => JSON.stringify(r.body) === JSON.stringify(body))) found.push({ url, query, body, refusedBySchema: problem });
          break search;
        }
        refusal ||= parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      }
    }
  }
  return found.length ? found : [{ url, query, body: filled, refusedBySchema: problem ?? refusal }];
}

/** `plausible`, with one item in each list that must have one. */
function filledOut(json: Json, name = ''): unknown {
  const inner = json.anyOf?.find((x) => x.type !== 'null') ?? json;
  if (inner.type === 'object' && inner.properties) return Object.fromEntries(Object.entries(inner.properties).map(([k, v]) => [k, filledOut(v, k)]));
  if (inner.type === 'array' && (inner.minItems ?? 0) > 0) return [filledOut(inner.items ?? {})];
  const value = plausible(json, name);
  // A time of the schema's example is a fixed day; the routes that take a time of the clock want one near now. An end
  // (stop, end) is a minute after any other time of the body, whenever each is made: a start and a stop made in the same
  // millisecond would be refused for that alone, and only on some runs.
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
  return new Date(Date.now() - (/^(stop|end)/i.test(name) ? 60_000 : 120_000)).toISOString();
}

/** A query or path value of the right form: dates for date fields (an end a month after a start), else `plausible`. */
function plainValue(json: Json, name: string): unknown {
  const inner = json.anyOf?.find((x) => x.type !== 'null') ?? json;
  if (inner.format === 'date' || /^(start|end|from|to)/i.test(name)) return /^(end|to)/i.test(name) ? '2026-12-01' : '2026-11-01';
  return plausible(json, name);
}

/**
 * Sets a body field at its path (`['lines', '[]', 'x']`: in each item of the list). `undefined` keeps the value there,
 * DROP removes the field; the target gets a first item made when its list is empty.
 */
function setAt(obj: Obj, at: string[], value: unknown, isTarget: boolean, json: Json): void {
  const [head, ...rest] = at;
  const prop = json.properties?.[head] ?? {};
  const inner = prop.anyOf?.find((x) => x.type !== 'null') ?? prop;
  if (rest.length === 0) {
    if (value === DROP) delete obj[head];
    else if (value !== undefined) obj[head] = value;
    return;
  }
  if (rest[0] === '[]') {
    const itemJson = (inner.items?.anyOf?.find((x) => x.type !== 'null') ?? inner.items ?? {}) as Json;
    if (!Array.isArray(obj[head]) || (obj[head] as unknown[]).length === 0) {
      if (!isTarget) return;
      obj[head] = [plausible(itemJson)];
    }
    const items = obj[head] as Obj[];
    for (const item of isTarget ? items.slice(0, 1) : items) setAt(item, rest.slice(1), value, isTarget, itemJson);
    return;
  }
  if (obj[head] === null || typeof obj[head] !== 'object') {
    if (!isTarget) return;
    obj[head] = plausible(inner);
  }
  setAt(obj[head] as Obj, rest, value, isTarget, inner);
}
