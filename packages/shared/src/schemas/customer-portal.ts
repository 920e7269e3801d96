import { z } from 'zod';
import { INVOICE_STATUSES } from '../billing-rules';
import { idOf, idParam, requiredText } from './common';
import { QUOTE_STATUSES } from '../quote-rules';

/**
 * The customer portal (spec platform 2.1 /customerPortal/{clientAuthenticationId}, 2.2 customer portal): a link the
 * office e-mails to one contact of a customer, with "Manage Customer User Access". The link opens, without a sign-in,
 * the billing customer's locations, work orders, quotes waiting for an answer and invoices; it expires after
 * CUSTOMER_PORTAL_LINK_DAYS and may be revoked. Nothing internal travels: no notes, costs, labor rates or other users.
 */
export const CUSTOMER_PORTAL_LINK_DAYS = 30;
export const CUSTOMER_PORTAL_LINK_STATUSES = ['Active', 'Revoked', 'Expired'] as const;
export type CustomerPortalLinkStatus = (typeof CUSTOMER_PORTAL_LINK_STATUSES)[number];

// ---------------------------------------------------------------- the office's side

/** A link sent, as the customer page lists it. */
export const customerPortalLinkSchema = z.object({
  customerPortalLinkId: z.number(),
  contactId: z.number(),
  contactName: z.string(),
  sentTo: z.string(),
  status: z.enum(CUSTOMER_PORTAL_LINK_STATUSES),
  sentByName: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedByName: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type CustomerPortalLink = z.infer<typeof customerPortalLinkSchema>;

const LINK_EXAMPLE: CustomerPortalLink = {
  customerPortalLinkId: 4, contactId: 12, contactName: 'Dana Lopez', sentTo: 'dana@downtowngrill.example', status: 'Active', sentByName: 'Dana Whitfield',
  sentAt: '2026-11-28T16:00:00.000Z', expiresAt: '2026-12-28T16:00:00.000Z', revokedAt: null, revokedByName: null, lastUsedAt: null,
};

export const customerPortalLinksAnswer = z.array(customerPortalLinkSchema).meta({ example: [LINK_EXAMPLE] });
export const customerPortalLinkAnswer = customerPortalLinkSchema.meta({ example: { ...LINK_EXAMPLE, status: 'Revoked', revokedAt: '2026-12-01T09:30:00.000Z', revokedByName: 'Dana Whitfield' } });

/** `POST Customer/{customerId}/portalLinks`: the contact (of this customer, with an e-mail address) the link goes to. */
export const sendCustomerPortalLinkBody = z.object({ contactId: idOf('Contact') }).meta({ example: { contactId: 12 } });
export type SendCustomerPortalLinkBody = z.input<typeof sendCustomerPortalLinkBody>;

/** The link sent, with its address: shown once, since only its fingerprint is kept. */
export const sentCustomerPortalLinkAnswer = customerPortalLinkSchema
  .extend({ clientAuthenticationId: z.string(), path: z.string() })
  .meta({ example: { ...LINK_EXAMPLE, clientAuthenticationId: 'q0Zb7Xk2yB3mD9pVw4Lr8sTn1Hc6Gf5Ea0Ju2Oi7Ky3', path: '/customerPortal/q0Zb7Xk2yB3mD9pVw4Lr8sTn1Hc6Gf5Ea0Ju2Oi7Ky3' } });
export type SentCustomerPortalLink = z.infer<typeof sentCustomerPortalLinkAnswer>;

export const customerPortalLinkParams = z.object({ customerId: idParam('Customer'), customerPortalLinkId: idParam('Portal link') });

// ---------------------------------------------------------------- the customer's side

export const clientAuthenticationParams = z.object({ clientAuthenticationId: z.string().max(200, 'This portal link is not valid.') });
export const portalWorkOrderParams = clientAuthenticationParams.extend({ workOrderId: idParam('Work order') });
export const portalQuoteParams = clientAuthenticationParams.extend({ quoteNumber: idParam('Quote number'), quoteVersion: idParam('Quote version') });
export const portalInvoiceParams = clientAuthenticationParams.extend({ invoiceId: idParam('Invoice') });

/** A location of the billing customer, as every portal answer names it. */
export const portalLocationSchema = z.object({ customerId: z.number(), name: z.string(), address: z.string() });
export const PORTAL_LOCATION_EXAMPLE = { customerId: 12, name: 'Downtown Grill', address: '400 Main St, Dallas, TX 75201' };

/** `GET CustomerPortal/{id}`: who the portal is for, and until when. */
export const portalSummaryAnswer = z
  .object({
    companyName: z.string(),
    customerName: z.string(),
    contactName: z.string(),
    expiresAt: z.string().nullable().describe("When the link stops working; null for a signed-in customer user"),
    locations: z.array(portalLocationSchema),
  })
  .meta({
    example: {
      companyName: 'Polar Mechanical', customerName: 'Downtown Grill', contactName: 'Dana Lopez', expiresAt: '2026-12-28T16:00:00.000Z',
      locations: [PORTAL_LOCATION_EXAMPLE],
    },
  });
export type PortalSummary = z.infer<typeof portalSummaryAnswer>;

const visitSchema = z.object({ startAt: z.string(), technicianFirstName: z.string().nullable() });
/** The customer's signature on the work order's ticket: who signed and when (the picture stays in the office). */
const signatureSchema = z.object({ signerName: z.string(), signedAt: z.string() });

/** A work order as the customer sees it: never its notes, costs, rates or the people behind it beyond a first name. */
export const portalWorkOrderSchema = z.object({
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  location: portalLocationSchema,
  problem: z.string(),
  status: z.string(),
  isOpen: z.boolean(),
  createdAt: z.string(),
  visits: z.array(visitSchema),
  signatures: z.array(signatureSchema),
});
export type PortalWorkOrder = z.infer<typeof portalWorkOrderSchema>;

const WORK_ORDER_EXAMPLE: PortalWorkOrder = {
  workOrderId: 812, workOrderNumber: '10482', location: PORTAL_LOCATION_EXAMPLE, problem: 'Walk-in cooler not holding temperature',
  status: 'Scheduled', isOpen: true, createdAt: '2026-11-20T15:04:00.000Z', visits: [{ startAt: '2026-11-21T14:00:00.000Z', technicianFirstName: 'Tom' }],
  signatures: [{ signerName: 'Dana Lopez', signedAt: '2026-11-21T16:40:00.000Z' }],
};
export const portalWorkOrderAnswer = portalWorkOrderSchema.meta({ example: WORK_ORDER_EXAMPLE });
export const portalWorkOrdersAnswer = z.array(portalWorkOrderSchema).meta({ example: [WORK_ORDER_EXAMPLE] });

/** A quote line as the customer reads it: the price, never the cost or the markup. */
const portalQuoteLineSchema = z.object({ lineNumber: z.number(), description: z.string(), quantity: z.number(), unitPrice: z.number(), discount: z.number(), lineTotal: z.number() });

export const portalQuoteSchema = z.object({
  quoteNumber: z.number(),
  quoteVersion: z.number(),
  title: z.string().nullable(),
  status: z.enum(QUOTE_STATUSES),
  isWaiting: z.boolean().meta({ description: 'Submitted and not yet answered: the customer may approve or decline it' }),
  workOrderNumber: z.string(),
  location: portalLocationSchema,
  lines: z.array(portalQuoteLineSchema),
  subtotal: z.number(),
  totalDiscount: z.number(),
  total: z.number(),
});
export type PortalQuote = z.infer<typeof portalQuoteSchema>;

const QUOTE_EXAMPLE: PortalQuote = {
  quoteNumber: 1004, quoteVersion: 1, title: 'Replace condenser fan motor', status: 'Submitted', isWaiting: true, workOrderNumber: '10482',
  location: PORTAL_LOCATION_EXAMPLE, lines: [{ lineNumber: 1, description: 'Condenser fan motor', quantity: 1, unitPrice: 412.5, discount: 0, lineTotal: 412.5 }],
  subtotal: 412.5, totalDiscount: 0, total: 412.5,
};
export const portalQuoteAnswer = portalQuoteSchema.meta({ example: QUOTE_EXAMPLE });
export const portalQuotesAnswer = z.array(portalQuoteSchema).meta({ example: [QUOTE_EXAMPLE] });

/** `POST CustomerPortal/{id}/quotes/{quoteNumber}/{quoteVersion}/decline`: why, for the office to read. */
export const portalDeclineQuoteBody = z.object({ reason: requiredText('Reason', 500) }).meta({ example: { reason: 'We will replace the whole unit next spring instead.' } });
export type PortalDeclineQuoteBody = z.input<typeof portalDeclineQuoteBody>;

export const portalInvoiceSchema = z.object({
  invoiceId: z.number(),
  invoiceNumber: z.number(),
  invoiceDate: z.string(),
  workOrderNumber: z.string(),
  location: portalLocationSchema,
  total: z.number(),
  amountDue: z.number(),
  status: z.enum(INVOICE_STATUSES),
});
export type PortalInvoice = z.infer<typeof portalInvoiceSchema>;
export const portalInvoicesAnswer = z
  .array(portalInvoiceSchema)
  .meta({ example: [{ invoiceId: 77, invoiceNumber: 5012, invoiceDate: '2026-11-22', workOrderNumber: '10482', location: PORTAL_LOCATION_EXAMPLE, total: 596.31, amountDue: 596.31, status: 'Submitted' }] });
