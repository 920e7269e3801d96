import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EQUIPMENT_LABELS_MAX, equipmentChoicesAnswer, equipmentIdParams, equipmentLabelsQuery, equipmentListAnswer, equipmentListQuery, equipmentSchema, saveEquipmentBody } from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { sendPdf } from '../../money/documents/documents.routes';
import { equipmentLabels } from './equipment-labels.service';
import { equipmentChoices, getEquipment, listEquipment } from './equipment-read.service';
import { createEquipment, setEquipmentActive, updateEquipment } from './equipment-save.service';

const EXAMPLE_ANSWER = {
  equipmentId: 41, customerId: 12, customerName: 'Downtown Grill', customerAddress: '400 Main St, Dallas, TX 75201', name: 'Walk-in Cooler 2',
  categoryId: 1, categoryName: 'Refrigeration', makeId: 3, makeName: 'Hussmann', modelId: 5, modelName: 'Excel RL-12', serialNumber: 'HX-2291-B',
  refrigerantId: 1, refrigerantName: 'R-404A', chargePounds: 42.5, voltageId: 3, voltageName: '208-230V/3ph', installedOn: '2021-06-14',
  warrantyEndsOn: '2026-06-14', notes: null, isActive: true,
};
const answer = equipmentSchema.meta({ example: EXAMPLE_ANSWER });

/**
 * The equipment register (spec platform 2.1 /equipments): the pieces at customer locations. Reading needs Customers
 * read and sees the locations the caller sees; registering, changing and retiring need Customers write. Its QR labels
 * (/equipments/QRCode) link to each piece's page under PUBLIC_URL.
 */
export function equipmentRoutes(app: FastifyInstance, deps: { db: Db; publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Equipment'];
  r.get('/api/v1/Equipment', {
    config: { access: area('Customers') },
    schema: {
      operationId: 'listEquipment',
      summary: 'A page of the equipment register, by location and name',
      description: 'Filters: a location (customerId), a category, the state (active by default, retired or all) and a text found in the serial, name, model or make.',
      tags,
      querystring: equipmentListQuery,
      response: { 200: equipmentListAnswer.meta({ example: { data: [EXAMPLE_ANSWER], total: 1 } }) },
    },
    handler: (req) => listEquipment(ctxOf(req, deps.db), req.access!, req.query),
  });
  r.get('/api/v1/Equipment/choices', {
    config: { access: area('Customers') },
    schema: {
      operationId: 'getEquipmentChoices',
      summary: 'The categories, makes, models, refrigerants and voltages the equipment form offers',
      tags,
      response: { 200: equipmentChoicesAnswer.meta({ example: { categories: [{ id: 1, name: 'Refrigeration', isActive: true }], makes: [{ id: 3, name: 'Hussmann', isActive: true }], models: [{ id: 5, name: 'Excel RL-12', isActive: true, makeId: 3 }], refrigerants: [{ id: 1, name: 'R-404A', isActive: true }], voltages: [{ id: 3, name: '208-230V/3ph', isActive: true }] } }) },
    },
    handler: (req) => equipmentChoices(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/Equipment/labels', {
    config: { access: area('Customers'), errors: [404] },
    schema: {
      operationId: 'getEquipmentLabels',
      summary: 'A PDF of QR labels (Avery 5160: 3 × 10 on US Letter) for the pieces named, or for every piece in service at a location',
      description: `\`equipmentIds=41,42,43\` prints those pieces (with \`customerId\` too, each must stand at that location, 400 otherwise); \`customerId\` alone prints every piece in service there, by name. Each label holds the QR code of the piece's page (\`/equipments/history?equipmentId=N\` under the product's public address) and its name, serial and location. At most ${EQUIPMENT_LABELS_MAX} labels at once (400); a piece or location of another company, or one the caller does not see, is 404.`,
      tags,
      querystring: equipmentLabelsQuery,
      response: { 200: z.string().describe('A PDF') },
    },
    handler: async (req, reply) => {
      const { pdf, fileName } = await equipmentLabels(ctxOf(req, deps.db), req.access!, req.query, deps.publicUrl);
      return sendPdf(reply, pdf, fileName);
    },
  });
  r.get('/api/v1/Equipment/:equipmentId', {
    config: { access: area('Customers'), errors: [404] },
    schema: { operationId: 'getEquipment', summary: 'One piece of equipment', tags, params: equipmentIdParams, response: { 200: answer } },
    handler: (req) => getEquipment(ctxOf(req, deps.db), req.access!, req.params.equipmentId),
  });
  r.post('/api/v1/Equipment', {
    config: { access: area('Customers', 'write'), errors: [404] },
    schema: {
      operationId: 'createEquipment',
      summary: 'Register a piece of equipment at a customer location',
      description: 'The location, category, make, model, refrigerant and voltage are rows of the caller\'s company (404 otherwise); a serial is unique per make (409).',
      tags,
      body: saveEquipmentBody,
      response: { 200: answer },
    },
    handler: (req) => createEquipment(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.put('/api/v1/Equipment/:equipmentId', {
    config: { access: area('Customers', 'write'), errors: [404] },
    schema: { operationId: 'updateEquipment', summary: 'Change a piece of equipment', tags, params: equipmentIdParams, body: saveEquipmentBody, response: { 200: answer } },
    handler: (req) => updateEquipment(ctxOf(req, deps.db), req.access!, req.params.equipmentId, req.body),
  });
  r.post('/api/v1/Equipment/:equipmentId/retire', {
    config: { access: area('Customers', 'write'), errors: [404] },
    schema: { operationId: 'retireEquipment', summary: 'Retire a piece of equipment: it keeps its history but leaves the lists', tags, params: equipmentIdParams, response: { 200: answer } },
    handler: (req) => setEquipmentActive(ctxOf(req, deps.db), req.access!, req.params.equipmentId, false),
  });
  r.post('/api/v1/Equipment/:equipmentId/reactivate', {
    config: { access: area('Customers', 'write'), errors: [404] },
    schema: { operationId: 'reactivateEquipment', summary: 'Put a retired piece of equipment back in service', tags, params: equipmentIdParams, response: { 200: answer } },
    handler: (req) => setEquipmentActive(ctxOf(req, deps.db), req.access!, req.params.equipmentId, true),
  });
}
