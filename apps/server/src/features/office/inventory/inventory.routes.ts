import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addInventoryItemBody,
  adjustStockBody,
  countStockBody,
  inventoryExportQuery,
  inventoryItemActiveBody,
  inventoryItemIdAnswer,
  inventoryItemIdParams,
  inventoryItemOptionSchema,
  inventoryItemOptionsQuery,
  inventoryItemSchema,
  inventoryItemsAnswer,
  inventoryItemsQuery,
  inventoryLedgerAnswer,
  inventoryLedgerQuery,
  inventoryLocationsAnswer,
  reorderAnswer,
  stockLevelSettingsBody,
  stockMovementAnswer,
  transferStockBody,
  updateInventoryItemBody,
} from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf, SIGNED_IN } from '../../../lib/access-control';
import { contentDisposition } from '../../../lib/content-disposition';
import { addInventoryItem, exportInventoryItems, getInventoryItem, listInventoryItems, setInventoryItemActive, updateInventoryItem } from './inventory-items.service';
import { listItemOptions } from './item-options.service';
import { adjustStock, countStock, inventoryLocations, itemLedger, reorderSuggestions, setStockLevelSettings, transferStock } from './stock-movements.service';

const INVENTORY_READ = area('Inventory');
const INVENTORY_WRITE = area('Inventory', 'write');
const INVENTORY_MANAGEMENT = area('Inventory', 'write', 'Inventory Management');

/** Inventory (spec platform 2.1 /inventory): items, their stock per location and the stock ledger. */
export function inventoryRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Inventory'];
  r.get('/api/v1/Inventory/items/options', {
    // Readers of Inventory, Materials or Purchase Orders: checked in the service.
    config: { access: SIGNED_IN },
    schema: {
      operationId: 'listInventoryItemOptions',
      summary: 'Items to pick for a material or a purchase order line, or the item of a scanned barcode',
      tags,
      querystring: inventoryItemOptionsQuery,
      response: { 200: z.array(inventoryItemOptionSchema) },
    },
    handler: (req) => listItemOptions(ctxOf(req, deps.db), req.access!, req.query),
  });
  r.get('/api/v1/Inventory/items', {
    config: { access: INVENTORY_READ },
    schema: {
      operationId: 'listInventoryItems',
      summary: 'A page of the items, by part number, with on hand (and its value at cost for those who may see total part cost)',
      tags,
      querystring: inventoryItemsQuery,
      response: { 200: inventoryItemsAnswer },
    },
    handler: (req) => listInventoryItems(ctxOf(req, deps.db), req.access!, req.query),
  });
  r.get('/api/v1/Inventory/items/export', {
    config: { access: area('Inventory', 'read', 'Inventory Export') },
    schema: {
      operationId: 'exportInventoryItems',
      summary: 'Inventory Export: the items as a CSV file (text/csv)',
      description: 'Answers text/csv (RFC 4180), at most 50,000 rows. Cells starting with = + - @ are prefixed with an apostrophe so spreadsheets do not run them.',
      tags,
      querystring: inventoryExportQuery,
      response: { 200: z.string().describe('CSV text, one header row then one row per item') },
    },
    handler: async (req, reply) => {
      const csv = await exportInventoryItems(ctxOf(req, deps.db), req.access!, req.query);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', contentDisposition('inventory.csv')).send(csv);
    },
  });
  r.get('/api/v1/Inventory/items/:itemId', {
    config: { access: INVENTORY_READ },
    schema: { operationId: 'getInventoryItem', summary: 'An item with its stock at each location', tags, params: inventoryItemIdParams, response: { 200: inventoryItemSchema } },
    handler: (req) => getInventoryItem(ctxOf(req, deps.db), req.access!, req.params.itemId),
  });
  r.post('/api/v1/Inventory/items', {
    // Inventory write or 'Inventory Add': checked in the service.
    config: { access: INVENTORY_READ },
    schema: { operationId: 'addInventoryItem', summary: 'Add an item, with what is on hand at each location', tags, body: addInventoryItemBody, response: { 200: inventoryItemIdAnswer } },
    handler: (req) => addInventoryItem(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.put('/api/v1/Inventory/items/:itemId', {
    config: { access: INVENTORY_WRITE },
    schema: { operationId: 'updateInventoryItem', summary: "Change an item (its part class needs 'Change Part Class')", tags, params: inventoryItemIdParams, body: updateInventoryItemBody, response: { 200: inventoryItemIdAnswer } },
    handler: (req) => updateInventoryItem(ctxOf(req, deps.db), req.access!, req.params.itemId, req.body),
  });
  r.put('/api/v1/Inventory/items/:itemId/active', {
    config: { access: INVENTORY_WRITE },
    schema: { operationId: 'setInventoryItemActive', summary: 'Retire an item or bring it back', tags, params: inventoryItemIdParams, body: inventoryItemActiveBody, response: { 200: inventoryItemIdAnswer } },
    handler: (req) => setInventoryItemActive(ctxOf(req, deps.db), req.params.itemId, req.body.isActive),
  });
  r.get('/api/v1/Inventory/items/:itemId/ledger', {
    config: { access: INVENTORY_READ },
    schema: { operationId: 'getInventoryItemLedger', summary: "The item's stock movements, newest first", tags, params: inventoryItemIdParams, querystring: inventoryLedgerQuery, response: { 200: inventoryLedgerAnswer } },
    handler: (req) => itemLedger(ctxOf(req, deps.db), req.access!, req.params.itemId, req.query),
  });
  r.post('/api/v1/Inventory/adjust', {
    config: { access: INVENTORY_MANAGEMENT },
    schema: { operationId: 'adjustStock', summary: 'Add or take stock at a location, with the reason', tags, body: adjustStockBody, response: { 200: stockMovementAnswer } },
    handler: (req) => adjustStock(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.post('/api/v1/Inventory/count', {
    config: { access: INVENTORY_MANAGEMENT },
    schema: { operationId: 'countStock', summary: 'Record what a count found at a location (the difference is a ledger row)', tags, body: countStockBody, response: { 200: stockMovementAnswer } },
    handler: (req) => countStock(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.post('/api/v1/Inventory/transfer', {
    config: { access: INVENTORY_MANAGEMENT },
    schema: { operationId: 'transferStock', summary: 'Move stock from one location to another', tags, body: transferStockBody, response: { 200: stockMovementAnswer } },
    handler: (req) => transferStock(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.put('/api/v1/Inventory/levels', {
    config: { access: INVENTORY_WRITE },
    schema: { operationId: 'setStockLevelSettings', summary: "An item's minimum, maximum and bin at a location", tags, body: stockLevelSettingsBody, response: { 200: stockMovementAnswer } },
    handler: (req) => setStockLevelSettings(ctxOf(req, deps.db), req.body),
  });
  r.get('/api/v1/Inventory/reorder', {
    config: { access: INVENTORY_READ },
    schema: { operationId: 'listReorderSuggestions', summary: 'What to reorder: levels below their minimum, by preferred vendor', tags, response: { 200: reorderAnswer } },
    handler: (req) => reorderSuggestions(ctxOf(req, deps.db), req.access!),
  });
  r.get('/api/v1/Inventory/locations', {
    config: { access: INVENTORY_READ },
    schema: { operationId: 'listInventoryLocations', summary: "The company's active warehouses and trucks", tags, response: { 200: inventoryLocationsAnswer } },
    handler: (req) => inventoryLocations(ctxOf(req, deps.db), req.access!),
  });
}
