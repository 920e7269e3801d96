import { z } from 'zod';

/** Filter operators the generic grid supports on the server. */
export const FILTER_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains'] as const;

// null sits on the text branch: OpenAPI 3.0 marks a type nullable, not a union.
const filterValue = z.union([z.string().max(200, 'Filter value must be at most 200 characters.').nullable(), z.number(), z.boolean()]);

export const gridFilterSchema = z.object({
  field: z.string().min(1).max(64),
  operator: z.enum(FILTER_OPERATORS, { error: 'Filter operator is not supported.' }),
  value: filterValue,
});

export const gridSortSchema = z.object({
  field: z.string().min(1).max(64),
  dir: z.enum(['asc', 'desc'], { error: 'Sort direction must be asc or desc.' }),
});

/** The grid request of spec platform 3.3: one shape for paging, sorting and filtering on the server. */
export const gridRequestSchema = z.object({
  take: z.number({ error: 'Take must be a number.' }).int().min(1, 'Take must be at least 1.').max(500, 'Take must be at most 500.').default(100),
  skip: z.number({ error: 'Skip must be a number.' }).int().min(0, 'Skip must not be negative.').max(1_000_000).default(0),
  total: z.number().optional(),
  sort: z.array(gridSortSchema).max(5).default([]),
  filter: z
    .object({
      logic: z.enum(['and', 'or'], { error: 'Filter logic must be and or or.' }).default('and'),
      filters: z.array(gridFilterSchema).max(20).default([]),
    })
    .nullable()
    .default({ logic: 'and', filters: [] }),
  group: z.array(z.unknown()).max(0, 'Grouping is not supported.').default([]),
  aggregate: z.array(z.unknown()).max(0, 'Aggregates are not supported.').default([]),
});
export type GridRequest = z.input<typeof gridRequestSchema>;
export type GridRequestParsed = z.output<typeof gridRequestSchema>;
export type GridFilter = z.infer<typeof gridFilterSchema>;

/** A page of rows and the total count across all pages. */
export function gridAnswer<T extends z.ZodTypeAny>(row: T) {
  return z.object({ data: z.array(row), total: z.number() });
}

/**
 * Where a grid over a large table stops counting its matches: past it, the total says "more than this many"
 * (`isTotalCapped`), which a person reads as "10,000+", so that a page costs the same however many rows match.
 */
export const GRID_TOTAL_CAP = 10_000;

/**
 * A page of a grid whose total stops counting at `GRID_TOTAL_CAP` (or at the end of the page asked for, when that is
 * further): `total` stays a number, and `isTotalCapped` says that more rows match than it counts.
 */
export function cappedGridAnswer<T extends z.ZodTypeAny>(row: T) {
  return gridAnswer(row).extend({
    total: z.number().meta({ description: `The rows matching, counted up to ${GRID_TOTAL_CAP.toLocaleString('en-US')} (or to the end of the page asked for, when further)` }),
    isTotalCapped: z
      .boolean()
      .optional()
      .meta({ description: 'true (and only then present) when more rows match than `total` counts: show the total as "10,000+"; the pages past it can still be asked for' }),
  });
}
