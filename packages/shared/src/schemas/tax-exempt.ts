import { z } from 'zod';
import { dateText, optionalText, required } from './common';

/** The Tax Exempt dialog's fields: whether the customer is exempt, and its certificate's number and end. */
export const taxExemptBody = z
  .object({
    isTaxExempt: z.boolean({ error: (issue) => (issue.input === undefined ? required('Tax Exempt') : 'Tax Exempt must be true or false.') }),
    certificateNumber: optionalText('Certificate Number', 100).nullish(),
    expiresOn: dateText('Expires On').nullish(),
  })
  .meta({ example: { isTaxExempt: true, certificateNumber: 'TX-01-339245', expiresOn: '2028-12-31' } });
export type TaxExemptBody = z.input<typeof taxExemptBody>;

export const taxExemptAnswer = z
  .object({
    customerId: z.number(),
    customerName: z.string(),
    isTaxExempt: z.boolean(),
    certificateNumber: z.string().nullable(),
    expiresOn: z.string().nullable(),
    folder: z.string().meta({ description: 'The folder of the scanned certificates in the file store' }),
    canAddFiles: z.boolean().meta({ description: 'Whether the caller may add certificate files (Super Admin, Payroll Manager)' }),
    today: z.string().meta({ description: "The company's date today, YYYY-MM-DD in its time zone: a certificate that ended before it has expired" }),
  })
  .meta({
    example: { customerId: 12, customerName: 'FreshMart Grocers Inc.', isTaxExempt: true, certificateNumber: 'TX-01-339245', expiresOn: '2028-12-31', folder: 'taxExempt/12', canAddFiles: true, today: '2026-11-25' },
  });
export type TaxExemptAnswer = z.output<typeof taxExemptAnswer>;
