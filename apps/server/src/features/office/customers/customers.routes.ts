import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerBillingChoicesSchema, customerDetailsSchema, customerFlagSchema, customerIdParams, customerLookupQuery, customerLookupRowSchema,
  customersGridAnswer, gridRequestSchema, customerSavedAnswer, mergeCustomersAnswer, mergeCustomersBody, saveCustomerBody, TAX_EXEMPT_DIALOG, taxExemptAnswer, taxExemptBody,
} from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import type { Geocoder } from '../../platform/geocoding/geocoder-client';
import { customerBillingChoices } from './customer-defaults';
import { getCustomer, listCustomerFlags } from './customer-details.service';
import { listCustomers, lookupCustomers } from './customer-lookup.service';
import { mergeCustomers } from './customer-merge.service';
import { createCustomer, updateCustomer } from './customer-save.service';
import { getTaxExempt, setTaxExempt } from './tax-exempt.service';

/** Customers, their service locations and the merge of duplicates (spec platform 2.1 /customer, /administration/mergeCustomer). */
export function customersRoutes(app: FastifyInstance, deps: { db: Db; geocoder: Geocoder | null }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Customers'];
  r.get('/api/v1/Customer/lookup', {
    config: { access: area('Customers') },
    schema: { summary: 'Customers matching a name, address or phone, best first (pickers)', tags, querystring: customerLookupQuery, response: { 200: z.array(customerLookupRowSchema) } },
    handler: (req) => lookupCustomers(ctxOf(req, deps.db), req.access!, req.query),
  });
  r.post('/api/v1/Customer/customers', {
    config: { access: area('Customers') },
    schema: { summary: 'A page of the customers grid', tags, body: gridRequestSchema, response: { 200: customersGridAnswer } },
    handler: (req) => listCustomers(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.get('/api/v1/Customer/billingChoices', {
    config: { access: area('Customers') },
    schema: {
      summary: "The terms, billing and payment methods a customer may have (the company's active rows), and the company's customer defaults",
      tags, response: { 200: customerBillingChoicesSchema },
    },
    handler: (req) => customerBillingChoices(ctxOf(req, deps.db)),
  });
  r.post('/api/v1/Customer/create', {
    config: { access: area('Customers', 'write') },
    schema: { summary: 'Create a billing customer or a service location', tags, body: saveCustomerBody, response: { 200: customerSavedAnswer } },
    handler: (req) => createCustomer(ctxOf(req, deps.db), req.access!, req.body, deps.geocoder),
  });
  r.post('/api/v1/Customer/merge', {
    config: { access: area('Customers', 'write', 'All Customers') },
    schema: { summary: 'Merge a duplicate customer into the customer kept', tags, body: mergeCustomersBody, response: { 200: mergeCustomersAnswer } },
    handler: (req) => mergeCustomers(ctxOf(req, deps.db), req.body),
  });
  r.get('/api/v1/Customer/:customerId', {
    config: { access: area('Customers') },
    schema: { summary: 'A customer with its locations, contacts and flags', tags, params: customerIdParams, response: { 200: customerDetailsSchema } },
    handler: (req) => getCustomer(ctxOf(req, deps.db), req.access!, req.params.customerId),
  });
  r.put('/api/v1/Customer/:customerId', {
    config: { access: area('Customers', 'write') },
    schema: { summary: 'Change a customer', tags, params: customerIdParams, body: saveCustomerBody, response: { 200: customerSavedAnswer } },
    handler: (req) => updateCustomer(ctxOf(req, deps.db), req.access!, req.params.customerId, req.body, deps.geocoder),
  });
  r.get('/api/v1/Customer/:customerId/taxExempt', {
    config: { access: TAX_EXEMPT_DIALOG },
    schema: {
      operationId: 'getCustomerTaxExempt',
      summary: "A customer's tax exemption: exempt or not, the certificate's number and end, and the folder of its scans",
      description: 'The Tax Exempt dialog is open to Super Admin and to users with write on Customers (spec platform 6.2).',
      tags,
      params: customerIdParams,
      response: { 200: taxExemptAnswer },
    },
    handler: (req) => getTaxExempt(deps.db, ctxOf(req, deps.db), req.access!, req.params.customerId),
  });
  r.put('/api/v1/Customer/:customerId/taxExempt', {
    config: { access: TAX_EXEMPT_DIALOG },
    schema: {
      operationId: 'setCustomerTaxExempt',
      summary: "Set a customer's tax exemption and certificate; invoices submitted afterwards follow it",
      description: 'Certificate scans go to the folder taxExempt/{customerId} of the file store, which only Super Admin and Payroll Manager may add to.',
      tags,
      params: customerIdParams,
      body: taxExemptBody,
      response: { 200: taxExemptAnswer },
    },
    handler: (req) => setTaxExempt(ctxOf(req, deps.db), req.access!, req.params.customerId, req.body),
  });
  r.get('/api/v1/Flags/customerFlags', {
    config: { access: area('Customers') },
    schema: { summary: 'Customer flags of the company', tags: ['Reference lists'], response: { 200: z.array(customerFlagSchema) } },
    handler: (req) => listCustomerFlags(ctxOf(req, deps.db)),
  });
}
