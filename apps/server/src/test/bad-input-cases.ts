import { z } from 'zod';

/** One generated request part: what it is, and the raw payload or value to send. */
export interface BadCase {
  label: string;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
}

type Json = { type?: string | string[]; format?: string; example?: unknown; properties?: Record<string, Json>; items?: Json; enum?: unknown[]; anyOf?: Json[]; required?: string[] };

const LONG = 'x'.repeat(100_000);
const TEXTS = [
  LONG, '', '   ', '\u0000', '\u0007\u001b[2J', '𝕏😀\u202e\u200b', '\ud800', "' OR 1=1; DROP TABLE users; --", '<img src=x onerror=alert(1)>',
  '../../etc/passwd', 'not-a-date', '${jndi:ldap://x}', '{{7*7}}', 'ﷺ'.repeat(2000),
];
const WRONG: Record<string, unknown[]> = {
  string: [123, true, [], {}, null],
  integer: ['abc', true, [], {}, null, -1, -2147483649, 1e20, 1.5, '1; DROP TABLE users', 'NaN'],
  number: ['abc', true, [], {}, null, -1e308, 1e308, '1e999'],
  boolean: ['yes', 2, [], {}, null],
  array: ['x', 1, {}, null, [null], new Array(10_001).fill(1)],
  object: ['x', 1, [], null],
};

const jsonSchemas = new WeakMap<z.ZodType, Json>();

/** The JSON schema (input side) of a zod schema, for walking its fields: worked out once per schema. */
export function jsonOf(schema: z.ZodType): Json {
  let json = jsonSchemas.get(schema);
  if (!json) jsonSchemas.set(schema, (json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json));
  return json;
}

function typeOf(s: Json): string {
  if (s.anyOf) return typeOf(s.anyOf.find((x) => x.type !== 'null') ?? {});
  if (s.enum) return 'string';
  return (Array.isArray(s.type) ? s.type[0] : s.type) ?? 'string';
}

/** A plausible value for a field, so that one mutated field at a time is what the server has to refuse. */
export function plausible(s: Json, name = ''): unknown {
  if (s.anyOf) return plausible(s.anyOf.find((x) => x.type !== 'null') ?? {}, name);
  if (s.enum) return s.enum[0];
  if (typeof s.example === 'string') return s.example;
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v, k)]));
    default:
      return s.format === 'date-time' || /time|date/i.test(name) ? new Date().toISOString() : 'Sweep text';
  }
}

/** At least fifty invalid or hostile bodies for a route's body schema (fifty for a body of one text field). */
export function bodyCases(schema: z.ZodType): BadCase[] {
  const json = jsonOf(schema);
  const base = plausible(json) as Record<string, unknown>;
  const cases: BadCase[] = [
    { label: 'malformed JSON', rawBody: '{"a":', contentType: 'application/json' },
    { label: 'truncated JSON', rawBody: '{', contentType: 'application/json' },
    { label: 'JSON null', rawBody: 'null', contentType: 'application/json' },
    { label: 'JSON array', body: [] },
    { label: 'JSON string', body: 'text' },
    { label: 'JSON number', body: 123 },
    { label: 'plain text', rawBody: JSON.stringify(base), contentType: 'text/plain' },
    { label: 'form encoded', rawBody: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { label: 'prototype pollution', rawBody: `{"__proto__":{"isAll":true},"constructor":{"prototype":{"x":1}}}`, contentType: 'application/json' },
    { label: 'extra field', body: { ...base, unexpectedField: "'; DROP TABLE users; --" } },
    { label: 'deeply nested', rawBody: '['.repeat(5000) + ']'.repeat(5000), contentType: 'application/json' },
    { label: 'unterminated string', rawBody: '{"a": "x', contentType: 'application/json' },
    { label: 'JSON with comment', rawBody: '{/* x */}', contentType: 'application/json' },
    { label: 'single quotes', rawBody: "{'a': 1}", contentType: 'application/json' },
    { label: 'trailing comma', rawBody: '{"a": 1,}', contentType: 'application/json' },
    { label: 'NaN literal', rawBody: '{"a": NaN}', contentType: 'application/json' },
    { label: 'empty body', rawBody: '', contentType: 'application/json' },
    { label: 'binary', rawBody: '\u0000\u0001\u0002\u00ff', contentType: 'application/octet-stream' },
    { label: 'xml', rawBody: '<a>1</a>', contentType: 'application/xml' },
    { label: 'every field null', body: Object.fromEntries(Object.keys(base ?? {}).map((k) => [k, null])) },
    { label: 'every field a string', body: Object.fromEntries(Object.keys(base ?? {}).map((k) => [k, 'x'])) },
    // Every field the same wrong kind at once, whatever the body's size, so that a short body is swept as hard as a long one.
    ...(
      [
        ['an array', []], ['an object', {}], ['a number', 1], ['negative', -1], ['true', true], ['empty text', ''], ['a long text', LONG],
      ] as const
    ).map(([what, value]) => ({ label: `every field ${what}`, body: Object.fromEntries(Object.keys(base ?? {}).map((k) => [k, value])) })),
    { label: 'only unknown fields', body: { unexpectedField: 1, another: 'x' } },
    { label: 'field names in capitals', body: Object.fromEntries(Object.entries(base ?? {}).map(([k, v]) => [k.toUpperCase(), v])) },
  ];
  for (const [field, prop] of Object.entries(json.properties ?? {})) {
    const t = typeOf(prop);
    const without = { ...base };
    delete without[field];
    cases.push({ label: `${field} missing`, body: without });
    for (const bad of WRONG[t] ?? WRONG.string) cases.push({ label: `${field} = ${JSON.stringify(bad)?.slice(0, 30)}`, body: { ...base, [field]: bad } });
    if (t === 'string') for (const text of TEXTS) cases.push({ label: `${field} = ${JSON.stringify(text.slice(0, 20))}`, body: { ...base, [field]: text } });
    if (t === 'array' && prop.items) {
      const item = plausible(prop.items) as Record<string, unknown>;
      cases.push({ label: `${field}[0] wrong type`, body: { ...base, [field]: ['x'] } });
      if (item && typeof item === 'object') {
        for (const k of Object.keys(item)) cases.push({ label: `${field}[0].${k} = LONG`, body: { ...base, [field]: [{ ...item, [k]: LONG }] } });
      }
    }
  }
  return cases;
}

const PARAM_VALUES = [
  'abc', '-1', '0', '1.5', '99999999999', '2147483648', '9'.repeat(40), '1e3', '0x10', '+1', '-0', '1,2', 'NaN', 'Infinity',
  'null', 'undefined', 'true', '%5B%5D', '%7B%7D', '%20', '%0A', '%0D%0A', '%09', '%00', '%01%02', '..', '%2E%2E%2F%2E%2E%2F',
  "'%3B%20DROP%20TABLE%20users", '1%20OR%201%3D1', '1%3BSELECT%20pg_sleep(1)', '%22%3E%3Cscript%3E', '%3Cimg%20onerror%3D1%3E',
  '%F0%9F%98%80', '%E2%80%AE', '%C0%AF', '%FF', '%E0%A4%A', 'x'.repeat(300), '1'.repeat(101), '%25', '%2525', '\\', '%5C',
  '%24%7Bjndi%3Aldap%7D', '%7B%7B7*7%7D%7D', '__proto__', 'constructor', 'prototype', 'admin', '*', '%2A', '1.0.0', '2026-13-45',
];

/** Hostile values for each path parameter. */
export function paramCases(schema: z.ZodType): BadCase[] {
  return Object.keys(jsonOf(schema).properties ?? {}).flatMap((p) => PARAM_VALUES.map((v) => ({ label: `:${p} = ${v.slice(0, 20)}`, params: { [p]: v } })));
}

/** Addresses that try to climb out of a folder or name another one: for every query field, since any may be a path. */
const PATH_TRICKS = ['../../etc/passwd', '..\\..\\windows', '/etc/passwd', '%2e%2e%2f%2e%2e%2f', 'workOrders/1/../../2', '', ' ', 'a/'.repeat(200)];

/** Hostile values for each query field. */
export function queryCases(schema: z.ZodType): BadCase[] {
  return Object.keys(jsonOf(schema).properties ?? {}).flatMap((q) =>
    ['x'.repeat(5000), '\u0000', '<script>alert(1)</script>', "' OR 1=1 --", '𝕏😀', '\u202e', '\r\n', '${jndi:ldap}', '{{7*7}}', '__proto__', ...PATH_TRICKS].map((v) => ({
      label: `?${q} = ${v.slice(0, 20)}`,
      query: { [q]: v },
    })),
  );
}
