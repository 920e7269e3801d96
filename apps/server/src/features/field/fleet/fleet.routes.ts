import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  fleetLogsQuery, inspectionBody, inspectionSchema, inspectionsAnswer, messageAnswer, mileageLogBody, mileageLogSchema, mileageLogsAnswer, myAutoAnswer, referenceUserChoices,
  vehicleBody, vehicleParams, vehicleSchema, vehiclesAnswer, vehiclesQuery,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import type { ErrorStatus } from '../../../lib/openapi';
import { listUserChoices } from '../../platform/reference-lists/list-rules';
import { EXAMPLE_INSPECTION, EXAMPLE_MILEAGE_LOG, EXAMPLE_VEHICLE } from './fleet-examples';
import { addInspection, addMileageLog, listInspections, listMileageLogs, myAuto } from './vehicle-logs.service';
import { addVehicle, listVehicles, retireVehicle, updateVehicle } from './vehicles.service';

/** The office's list of every vehicle: All Fleet Records reads it, Fleet write changes it. */
export const FLEET_LIST_READ = area('Fleet', 'read', 'All Fleet Records');
export const FLEET_WRITE = area('Fleet', 'write');
/** The technician's own vehicle (spec platform 2.1 /fleetManagement/myAuto). */
export const MY_AUTO = area('Fleet', 'read', 'My Auto');

/**
 * Fleet: the vehicles (administration fleetManagement), the technician's own (My Auto), and each vehicle's mileage and
 * fuel log and inspections, which the service opens to the vehicle's technician, to All Fleet Records (reading) and
 * to Fleet write (logging).
 */
export function fleetRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Fleet'];
  const logAccess = { access: area('Fleet'), errors: [403, 404] as ErrorStatus[] };
  r.get('/api/v1/Fleet/vehicles', {
    config: { access: FLEET_LIST_READ },
    schema: {
      operationId: 'listVehicles',
      summary: "The company's vehicles by plate, with odometer and service due state; retired ones when asked",
      tags,
      querystring: vehiclesQuery,
      response: { 200: vehiclesAnswer.meta({ example: [EXAMPLE_VEHICLE] }) },
    },
    handler: (req) => listVehicles(ctxOf(req, deps.db), req.query),
  });
  r.get('/api/v1/Fleet/technicians', {
    config: { access: FLEET_LIST_READ },
    schema: {
      operationId: 'listFleetTechnicians',
      summary: "The company's users a vehicle may be assigned to, inactive ones too",
      tags,
      response: { 200: referenceUserChoices.meta({ example: [{ id: 7, name: 'Tom Alvarez', isActive: true }] }) },
    },
    handler: (req) => listUserChoices(ctxOf(req, deps.db)),
  });
  r.post('/api/v1/Fleet/vehicles', {
    config: { access: FLEET_WRITE, errors: [404, 409] },
    schema: {
      operationId: 'addVehicle',
      summary: 'Add a vehicle to the fleet',
      description: 'The description, status and flags are rows of the fleet lists; the VIN is unique among the active vehicles (409).',
      tags,
      body: vehicleBody,
      response: { 200: vehicleSchema.meta({ example: EXAMPLE_VEHICLE }) },
    },
    handler: (req) => addVehicle(ctxOf(req, deps.db), req.body),
  });
  r.put('/api/v1/Fleet/vehicles/:vehicleId', {
    config: { access: FLEET_WRITE, errors: [404, 409] },
    schema: {
      operationId: 'updateVehicle',
      summary: 'Change a vehicle: the whole record each time, its technician included',
      tags,
      params: vehicleParams,
      body: vehicleBody,
      response: { 200: vehicleSchema.meta({ example: EXAMPLE_VEHICLE }) },
    },
    handler: (req) => updateVehicle(ctxOf(req, deps.db), req.params.vehicleId, req.body),
  });
  r.delete('/api/v1/Fleet/vehicles/:vehicleId', {
    config: { access: FLEET_WRITE, errors: [404, 409] },
    schema: {
      operationId: 'retireVehicle',
      summary: 'Retire a vehicle: it keeps its logs, leaves its technician and frees its VIN',
      tags,
      params: vehicleParams,
      response: { 200: messageAnswer.meta({ example: { message: 'Vehicle TX-4KD2291 is retired.' } }) },
    },
    handler: (req) => retireVehicle(ctxOf(req, deps.db), req.params.vehicleId),
  });
  r.get('/api/v1/Fleet/myAuto', {
    config: { access: MY_AUTO },
    schema: {
      operationId: 'getMyAuto',
      summary: "The caller's vehicles, each with its last readings, its last inspection and its service due state",
      tags,
      response: { 200: myAutoAnswer.meta({ example: [{ vehicle: EXAMPLE_VEHICLE, recentLogs: [EXAMPLE_MILEAGE_LOG], lastInspection: EXAMPLE_INSPECTION }] }) },
    },
    handler: (req) => myAuto(ctxOf(req, deps.db)),
  });
  r.post('/api/v1/Fleet/vehicles/:vehicleId/mileageLogs', {
    config: { ...logAccess, errors: [403, 404, 409] },
    schema: {
      operationId: 'addMileageLog',
      summary: "Log a vehicle's odometer reading, with the fuel bought",
      description: 'A reading below the vehicle\'s last one is refused (409) and nothing is written. The date defaults to today and cannot be in the future.',
      tags,
      params: vehicleParams,
      body: mileageLogBody,
      response: { 200: mileageLogSchema.meta({ example: EXAMPLE_MILEAGE_LOG }) },
    },
    handler: (req) => addMileageLog(ctxOf(req, deps.db), req.access!, req.params.vehicleId, req.body),
  });
  r.get('/api/v1/Fleet/vehicles/:vehicleId/mileageLogs', {
    config: logAccess,
    schema: {
      operationId: 'listMileageLogs',
      summary: "A vehicle's mileage and fuel log, newest first, a page at a time",
      tags,
      params: vehicleParams,
      querystring: fleetLogsQuery,
      response: { 200: mileageLogsAnswer.meta({ example: { data: [EXAMPLE_MILEAGE_LOG], total: 1 } }) },
    },
    handler: (req) => listMileageLogs(ctxOf(req, deps.db), req.access!, req.params.vehicleId, req.query),
  });
  r.post('/api/v1/Fleet/vehicles/:vehicleId/inspections', {
    config: { ...logAccess, errors: [403, 404, 409] },
    schema: {
      operationId: 'addVehicleInspection',
      summary: "Record a vehicle's inspection: every checklist item ok or needing attention, with what it needs",
      tags,
      params: vehicleParams,
      body: inspectionBody,
      response: { 200: inspectionSchema.meta({ example: EXAMPLE_INSPECTION }) },
    },
    handler: (req) => addInspection(ctxOf(req, deps.db), req.access!, req.params.vehicleId, req.body),
  });
  r.get('/api/v1/Fleet/vehicles/:vehicleId/inspections', {
    config: logAccess,
    schema: {
      operationId: 'listVehicleInspections',
      summary: "A vehicle's inspections, newest first, a page at a time",
      tags,
      params: vehicleParams,
      querystring: fleetLogsQuery,
      response: { 200: inspectionsAnswer.meta({ example: { data: [EXAMPLE_INSPECTION], total: 1 } }) },
    },
    handler: (req) => listInspections(ctxOf(req, deps.db), req.access!, req.params.vehicleId, req.query),
  });
}
