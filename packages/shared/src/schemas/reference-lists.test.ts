import { describe, expect, it } from 'vitest';
import { PERMISSION_AREAS } from '../roles';
import { gridLayoutSchema } from './grid-preferences';
import { REFERENCE_LIST_KEYS, REFERENCE_LISTS, referenceBodyOf, referenceRowOf } from './reference-lists';
import { searchRecordsQuery } from './search';

describe('the reference list descriptions', () => {
  it('describe every list once, each with its own page, a known area and name first', () => {
    expect(REFERENCE_LISTS.map((d) => d.key)).toEqual([...REFERENCE_LIST_KEYS]);
    expect(new Set(REFERENCE_LISTS.map((d) => d.path.toLowerCase())).size).toBe(REFERENCE_LISTS.length);
    for (const d of REFERENCE_LISTS) {
      expect(d.path, d.key).toMatch(/^\/administration\//);
      expect(Object.keys(PERMISSION_AREAS), d.key).toContain(d.area);
      expect(d.columns[0].field, d.key).toBe('name');
      for (const c of d.columns.filter((x) => x.type === 'reference')) expect(REFERENCE_LIST_KEYS, d.key).toContain(c.list);
      if (d.isReadOnly) expect(d.canRetire, d.key).toBe(false);
    }
  });

  it('accept their own examples, and default a new row to active', () => {
    for (const d of REFERENCE_LISTS.filter((x) => !x.isReadOnly)) {
      const parsed = referenceBodyOf(d).parse(d.example);
      expect(parsed.name, d.key).toBe(d.example.name);
      if (d.canRetire) expect(referenceBodyOf(d).parse({ ...d.example, isActive: undefined }).isActive, d.key).toBe(true);
      expect(Object.keys(referenceRowOf(d).shape), d.key).toEqual(['id', ...d.columns.map((c) => c.field), ...(d.canRetire ? ['isActive'] : [])]);
    }
  });

  it('word their refusals as the product does', () => {
    const standard = REFERENCE_LISTS.find((d) => d.key === 'standardItems')!;
    const errors = (body: unknown) => referenceBodyOf(standard).safeParse(body).error?.issues.map((i) => i.message);
    expect(errors({ price: 1 })).toEqual(['Name field is required!']);
    expect(errors({ name: 'Fee', price: -1 })).toEqual(['Price must not be negative.']);
    expect(errors({ name: 'Fee', price: 1.005 })).toEqual(['Price must have at most two decimals.']);
    expect(errors({ name: 'Fee', price: 1, description: 'x'.repeat(501) })).toEqual(['Description must be at most 500 characters.']);
  });
});

describe('grid layouts and searches', () => {
  it('keep a layout of the page sizes the grid offers, with each column once', () => {
    const layout = { request: { filters: null, sort: [], pageSize: 50 }, columns: [{ field: 'problem', width: 300 }, { field: 'status', width: null, hidden: true }] };
    expect(gridLayoutSchema.parse(layout).columns).toHaveLength(2);
    expect(gridLayoutSchema.safeParse({ ...layout, request: { ...layout.request, pageSize: 10 } }).success).toBe(false);
    expect(gridLayoutSchema.safeParse({ ...layout, columns: [...layout.columns, { field: 'problem', width: 10 }] }).success).toBe(false);
  });

  it('trim a search, and bound how many of each group it answers', () => {
    expect(searchRecordsQuery.parse({ q: '  walmrt ' })).toEqual({ q: 'walmrt', take: 5, skip: 0 });
    expect(searchRecordsQuery.safeParse({ q: 'walmrt', take: '21' }).error?.issues[0].message).toBe('Take must be at most 20.');
    expect(searchRecordsQuery.safeParse({ q: ' a ' }).error?.issues[0].message).toBe('Search must be at least 2 characters.');
  });
});
