import { describe, expect, it } from 'vitest';
import { pagerView } from './grid-pager';

describe('pagerView', () => {
  it('shows an exact total as it is, with the last page known', () => {
    expect(pagerView({ total: 63, take: 25, skip: 25 })).toEqual({
      page: 2, pageCount: 3, from: 26, to: 50, totalText: '63', pageCountText: '3', hasNext: true, hasLast: true,
    });
    expect(pagerView({ total: 63, take: 25, skip: 50 })).toMatchObject({ page: 3, from: 51, to: 63, hasNext: false, hasLast: false });
    expect(pagerView({ total: 0, take: 25, skip: 0 })).toMatchObject({ page: 1, pageCount: 1, from: 0, to: 0, totalText: '0', hasNext: false });
  });

  it('says "10,000+" for a capped total, and keeps Next open past the counted pages without a last page', () => {
    expect(pagerView({ total: 10_000, take: 25, skip: 0, isTotalCapped: true })).toEqual({
      page: 1, pageCount: 400, from: 1, to: 25, totalText: '10,000+', pageCountText: '400+', hasNext: true, hasLast: false,
    });
    // The last counted page: more rows follow, so Next is still there.
    expect(pagerView({ total: 10_000, take: 25, skip: 9_975, isTotalCapped: true })).toMatchObject({ page: 400, from: 9_976, to: 10_000, hasNext: true, hasLast: false });
    // A page past the cap, counted to its end by the server.
    expect(pagerView({ total: 10_025, take: 25, skip: 10_000, isTotalCapped: true })).toMatchObject({ page: 401, pageCount: 401, from: 10_001, to: 10_025, totalText: '10,025+', hasNext: true });
  });

  it('falls back to the last page when the rows asked for are past an exact total', () => {
    expect(pagerView({ total: 30, take: 25, skip: 100 })).toMatchObject({ page: 2, pageCount: 2, hasNext: false });
  });
});
