import { z } from 'zod';
import { idParam, required } from './common';
import { customerLocationSchema } from './customers';

/**
 * One search box over work orders, customers and contacts (spec platform 2.1 /home/searchRecords), forgiving of
 * typos: a person types a part of a name, a number, an address or a phone number as they remember it.
 */

export const SEARCH_DEFAULT_TAKE = 5;
export const SEARCH_MAX_TAKE = 20;
/** Fewer characters than this find too much to be useful. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_GROUPS = ['workOrders', 'customers', 'contacts'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

const count = (label: string, min: number, max: number, fallback: number) =>
  z
    .string({ error: `${label} must be a whole number.` })
    .regex(/^\d+$/, `${label} must be a whole number, written in digits only.`)
    .transform(Number)
    .pipe(z.number().min(min, `${label} must be at least ${min}.`).max(max, `${label} must be at most ${max}.`))
    .default(fallback);

export const searchRecordsQuery = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? required('Search') : 'Search must be text.') })
    .max(100, 'Search must be at most 100 characters.')
    .regex(/^[^\u0000-\u001f]*$/, 'Search contains characters that are not allowed.')
    .transform((s) => s.trim())
    .pipe(z.string().min(SEARCH_MIN_LENGTH, `Search must be at least ${SEARCH_MIN_LENGTH} characters.`))
    .meta({ description: 'What to look for: a work order number or problem, a name, an address, a phone number, an email', example: 'freshmrt' }),
  take: count('Take', 1, SEARCH_MAX_TAKE, SEARCH_DEFAULT_TAKE).meta({ description: `Rows per group (at most ${SEARCH_MAX_TAKE})` }),
  skip: count('Skip', 0, 1000, 0).meta({ description: 'Rows of each group to pass over: the next page of a group' }),
  only: z.enum(SEARCH_GROUPS, { error: `Only must be one of ${SEARCH_GROUPS.join(', ')}.` }).optional().meta({ description: 'Search one group alone' }),
  customerId: idParam('Customer').optional().meta({ description: "Only this customer's work orders and contacts, and the customer itself" }),
});
export type SearchRecordsQuery = z.output<typeof searchRecordsQuery>;

export const searchWorkOrderSchema = z.object({
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  problem: z.string(),
  customerName: z.string(),
  status: z.string(),
});
export const searchCustomerSchema = customerLocationSchema.pick({ customerId: true, name: true, address: true, city: true, phone: true });
export const searchContactSchema = z.object({
  contactId: z.number(),
  name: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

/** The three groups, best match first in each; a group the caller may not read is always empty. */
export const searchRecordsAnswer = z
  .object({
    workOrders: z.array(searchWorkOrderSchema),
    customers: z.array(searchCustomerSchema),
    contacts: z.array(searchContactSchema),
  })
  .meta({
    example: {
      workOrders: [{ workOrderId: 12, workOrderNumber: '240012', problem: 'Ice machine not producing ice', customerName: 'FreshMart #112 Lakewood', status: 'ToDo' }],
      customers: [{ customerId: 4, name: 'FreshMart #112 Lakewood', address: '6333 E Mockingbird Ln', city: 'Dallas', phone: '214-555-1147' }],
      contacts: [{ contactId: 3, name: 'Linda Johnson', customerId: 4, customerName: 'FreshMart #112 Lakewood', phone: '214-555-1147', email: 'linda.johnson3@customer.example' }],
    },
  });
export type SearchRecordsAnswer = z.output<typeof searchRecordsAnswer>;
export type SearchWorkOrder = z.output<typeof searchWorkOrderSchema>;
export type SearchCustomer = z.output<typeof searchCustomerSchema>;
export type SearchContact = z.output<typeof searchContactSchema>;
