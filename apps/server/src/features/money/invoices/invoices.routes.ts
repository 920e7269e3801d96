import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  additionalLineItemChoiceSchema, APPLY_CREDITS, applyCreditBody, BILLING_READ, BILLING_WRITE, billingRowSchema, billingSettingsSchema, convenienceFeeBody, createCreditMemoBody,
  creditMemoQuery, creditMemoSchema, gridAnswer, gridRequestSchema, invoiceBody, invoiceDisplayQuery, invoiceNumberBody, invoiceParams,
  invoicePreviewSchema, invoiceSchema, MANAGE_INVOICE_NUMBERS, paymentHistorySchema, paymentMethodChoicesSchema, processPaymentBody, taxStatusBody, taxStatusSchema,
} from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { additionalLineItemChoices } from '../accounting/intacct-mapping.service';
import { getBillingSettings, listTaxStatuses, saveTaxStatus, setConvenienceFee, setNextInvoiceNumber } from './billing-settings.service';
import { applyCredit, createCreditMemo, listCreditMemos } from './credit-memos.service';
import { billingGrid, getInvoice, previewInvoice, submitInvoice } from './invoices.service';
import { paymentHistory, paymentMethodChoices, processPayment } from './payments.service';

/** Invoices of work orders, Process Payment, credit memos and the company's billing settings (module Billing). */
export function invoicesRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Billing'];
  r.post('/api/v1/Invoice/preview', {
    config: { access: BILLING_READ, errors: [409] },
    schema: {
      operationId: 'previewInvoice', summary: 'The invoice a work order would get now, computed from its labor, rate sheet and items; nothing is stored',
      tags, body: invoiceBody, querystring: invoiceDisplayQuery, response: { 200: invoicePreviewSchema },
    },
    handler: (req) => previewInvoice(ctxOf(req, deps.db), req.body, req.query.displayMode),
  });
  r.post('/api/v1/Invoice/submit', {
    config: { access: BILLING_WRITE },
    schema: {
      operationId: 'submitInvoice', summary: 'Submit the invoice of a work order: numbered, totals frozen, work order to Invoice Submitted',
      tags, body: invoiceBody, response: { 200: invoiceSchema },
    },
    handler: (req) => submitInvoice(ctxOf(req, deps.db), req.body),
  });
  r.get('/api/v1/Invoice/:invoiceId', {
    config: { access: BILLING_READ },
    schema: {
      operationId: 'getInvoice', summary: 'A submitted invoice with its frozen totals, credits and payments, in one display mode',
      tags, params: invoiceParams, querystring: invoiceDisplayQuery, response: { 200: invoiceSchema },
    },
    handler: (req) => getInvoice(ctxOf(req, deps.db), req.params.invoiceId, req.query.displayMode),
  });
  r.post('/api/v1/Billing/invoices', {
    config: { access: BILLING_READ },
    schema: { operationId: 'billingGrid', summary: 'The billing grid: invoices with their totals and amount due', tags, body: gridRequestSchema, response: { 200: gridAnswer(billingRowSchema) } },
    handler: (req) => billingGrid(ctxOf(req, deps.db), req.body),
  });
  r.post('/api/v1/Invoice/:invoiceId/payments', {
    config: { access: BILLING_WRITE },
    schema: {
      operationId: 'processPayment', summary: 'Process Payment: a payment of at most the amount due; a card payment adds the convenience fee',
      tags, params: invoiceParams, body: processPaymentBody, response: { 200: paymentHistorySchema },
    },
    handler: (req) => processPayment(ctxOf(req, deps.db), req.params.invoiceId, req.body),
  });
  r.get('/api/v1/Invoice/:invoiceId/payments', {
    config: { access: BILLING_READ },
    schema: { operationId: 'getPaymentHistory', summary: 'Payment history of an invoice and what is still due', tags, params: invoiceParams, response: { 200: paymentHistorySchema } },
    handler: (req) => paymentHistory(ctxOf(req, deps.db), req.params.invoiceId),
  });
  r.get('/api/v1/Billing/paymentMethods', {
    config: { access: BILLING_READ },
    schema: { operationId: 'paymentMethodChoices', summary: 'The payment methods Process Payment offers: the company\'s active Payment Methods', tags, response: { 200: paymentMethodChoicesSchema } },
    handler: (req) => paymentMethodChoices(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/Billing/additionalLineItems', {
    config: { access: BILLING_READ },
    schema: {
      operationId: 'additionalLineItemChoices', summary: "The additional line items an invoice may carry: the company's active ones, by name", tags,
      response: { 200: z.array(additionalLineItemChoiceSchema).meta({ example: [{ additionalLineItemId: 1, name: 'Disposal fee' }] }) },
    },
    handler: (req) => additionalLineItemChoices(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/Billing/settings', {
    config: { access: BILLING_READ },
    schema: { operationId: 'getBillingSettings', summary: 'The next invoice number and the card convenience fee', tags, response: { 200: billingSettingsSchema } },
    handler: (req) => getBillingSettings(ctxOf(req, deps.db)),
  });
  r.put('/api/v1/Billing/invoiceNumber', {
    config: { access: MANAGE_INVOICE_NUMBERS },
    schema: { operationId: 'setNextInvoiceNumber', summary: 'Manage Invoice Numbers: set the next invoice number', tags, body: invoiceNumberBody, response: { 200: billingSettingsSchema } },
    handler: (req) => setNextInvoiceNumber(ctxOf(req, deps.db), req.body.nextInvoiceNumber),
  });
  r.put('/api/v1/Billing/convenienceFee', {
    config: { access: BILLING_WRITE },
    schema: { operationId: 'setConvenienceFee', summary: 'Set the percent charged on card payments', tags, body: convenienceFeeBody, response: { 200: billingSettingsSchema } },
    handler: (req) => setConvenienceFee(ctxOf(req, deps.db), req.body.convenienceFeePercent),
  });
  r.get('/api/v1/Billing/taxStatusPerState', {
    config: { access: BILLING_READ },
    schema: { operationId: 'listTaxStatusPerState', summary: 'Sales tax rate of each state', tags, response: { 200: z.array(taxStatusSchema) } },
    handler: (req) => listTaxStatuses(ctxOf(req, deps.db)),
  });
  r.put('/api/v1/Billing/taxStatusPerState', {
    config: { access: BILLING_WRITE },
    schema: { operationId: 'saveTaxStatusPerState', summary: "Set a state's tax rate and whether it taxes services", tags, body: taxStatusBody, response: { 200: taxStatusSchema } },
    handler: (req) => saveTaxStatus(ctxOf(req, deps.db), req.body),
  });
  r.post('/api/v1/CreditMemo/create', {
    config: { access: BILLING_WRITE },
    schema: { operationId: 'createCreditMemo', summary: 'Create a credit memo for a billing customer', tags, body: createCreditMemoBody, response: { 200: creditMemoSchema } },
    handler: (req) => createCreditMemo(ctxOf(req, deps.db), req.body),
  });
  r.get('/api/v1/CreditMemo/list', {
    config: { access: BILLING_READ },
    schema: { operationId: 'listCreditMemos', summary: 'Credit memos, newest first, of one billing customer when asked', tags, querystring: creditMemoQuery, response: { 200: z.array(creditMemoSchema) } },
    handler: (req) => listCreditMemos(ctxOf(req, deps.db), req.query.billingCustomerId),
  });
  r.post('/api/v1/CreditMemo/apply', {
    config: { access: APPLY_CREDITS },
    schema: { operationId: 'applyCredit', summary: "Apply Credits: settle part of an invoice from its customer's credit memo", tags, body: applyCreditBody, response: { 200: invoiceSchema } },
    handler: (req) => applyCredit(ctxOf(req, deps.db), req.body),
  });
}
