import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { gridRequestSchema, gridSortSchema } from './grid';

/**
 * A person's saved layout of one grid (spec platform 1 and 9: per-user grid preferences): the request it opens with
 * (filters, sort, page size) and its columns in order with their widths. Kept on the server, so it follows the
 * person to any device.
 */

/** Grid names: letters, digits, dots and dashes. */
export const GRID_KEY_PATTERN = /^[A-Za-z0-9.-]{1,64}$/;
/** The largest layout kept, as JSON text. */
export const GRID_LAYOUT_MAX_BYTES = 32 * 1024;
/** How long the grid waits after the last change before saving it. */
export const GRID_LAYOUT_SAVE_DELAY_MS = 1000;

export const gridKeyParams = z.object({
  gridKey: z
    .string({ error: 'Grid key field is required!' })
    .regex(GRID_KEY_PATTERN, 'Grid key must be 1 to 64 letters, digits, dots or dashes.')
    .meta({ description: 'The grid, e.g. myWorkOrders', example: 'myWorkOrders' }),
});

export const gridLayoutColumnSchema = z.object({
  field: z.string({ error: 'Column field is required!' }).min(1, 'Column field is required!').max(64, 'Column field must be at most 64 characters.').regex(/^[A-Za-z0-9_.]+$/, 'Column field must be letters, digits, dots or underscores.'),
  /** Pixels; null keeps the grid's own width for the column. */
  width: z.number({ error: 'Column width must be a number.' }).int('Column width must be a whole number.').min(20, 'Column width must be at least 20.').max(4000, 'Column width must be at most 4000.').nullable(),
  hidden: z.boolean({ error: 'Hidden must be true or false.' }).optional(),
});

export const gridLayoutSchema = z
  .object({
    request: z.object({
      filters: gridRequestSchema.shape.filter,
      sort: z.array(gridSortSchema).max(5, 'Sort must name at most 5 columns.').default([]),
      pageSize: z
        .number({ error: 'Page size must be a number.' })
        .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `Page size must be one of ${PAGE_SIZES.join(', ')}.`),
    }),
    columns: z.array(gridLayoutColumnSchema).max(500, 'A layout has at most 500 columns.'),
  })
  .refine((layout) => new Set(layout.columns.map((c) => c.field)).size === layout.columns.length, 'A column appears twice in the layout.')
  .refine((layout) => JSON.stringify(layout).length <= GRID_LAYOUT_MAX_BYTES, `The grid layout is too large: at most ${GRID_LAYOUT_MAX_BYTES / 1024} KB.`)
  .meta({
    example: {
      request: { filters: { logic: 'and', filters: [{ field: 'customerName', operator: 'contains', value: 'FreshMart' }] }, sort: [{ field: 'workOrderNumber', dir: 'asc' }], pageSize: 50 },
      columns: [{ field: 'workOrderNumber', width: 210 }, { field: 'status', width: null }, { field: 'address', width: null, hidden: true }],
    },
  });
export type GridLayout = z.output<typeof gridLayoutSchema>;
export type GridLayoutColumn = z.output<typeof gridLayoutColumnSchema>;

/** The saved layout of a grid, or null when the person has none (the grid's defaults apply). */
export const gridPreferenceAnswer = z.object({
  gridKey: z.string(),
  layout: gridLayoutSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type GridPreferenceAnswer = z.output<typeof gridPreferenceAnswer>;
