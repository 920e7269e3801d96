import { and, eq } from 'drizzle-orm';
import type { ReferenceListKey } from '@sm/shared';
import { expect } from 'vitest';
import { collectionTasks, customerFlagLinks, equipmentCategories, equipmentModels, districts, users, warehouses, workOrderLabor, workOrderStandardItems, workOrders } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { invoiceOf } from '../../money/collections/collection-fixtures';
import { LIST_STORAGE } from './reference-list-tables';

/**
 * What the reference-list tests stand on: a list's rows in a company, and a record of the company made to use a row, as
 * the product would, so that deleting the row is refused with what uses it.
 */

/** A list's rows in a company, in the table it shares with other lists where it does. */
export const ofList = (key: ReferenceListKey) => {
  const d = LIST_STORAGE[key].discriminator;
  return d ? eq(d.column, d.value) : undefined;
};
export async function rowsOf(t: TestApp, key: ReferenceListKey, subscriberId: number) {
  const s = LIST_STORAGE[key];
  const rows = await t.db
    .select({ id: s.id, name: s.columns.name })
    .from(s.table)
    .where(and(s.subscriberId ? eq(s.subscriberId, subscriberId) : undefined, ofList(key)))
    .orderBy(s.id);
  return rows as { id: number; name: string }[];
}

const url = (key: ReferenceListKey) => `/api/v1/ReferenceList/${key}`;

async function userWithoutTruck(t: TestApp, polar: number): Promise<number> {
  const taken = new Set((await t.db.select({ id: warehouses.technicianId }).from(warehouses)).map((w) => w.id));
  return (await t.db.select({ id: users.id }).from(users).where(eq(users.subscriberId, polar))).find((u) => !taken.has(u.id))!.id;
}

/** An hour of tech's labor on the work order from `startIso`, naming the row through `link`. */
async function techHour(t: TestApp, polar: number, workOrderId: number, startIso: string, link: Pick<typeof workOrderLabor.$inferInsert, 'workOrderFlagId' | 'perDiemTypeId'>) {
  const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
  const start = new Date(startIso);
  await t.db.insert(workOrderLabor).values({ subscriberId: polar, workOrderId, userId: tech.id, startedAt: start, stoppedAt: new Date(start.getTime() + 3600_000), ...link });
}

/** Makes a record of the company use a row, as the product would (a work order of that class, a customer with that flag...). */
export async function useRow(t: TestApp, polar: number, key: ReferenceListKey, id: number): Promise<string> {
  const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.subscriberId, polar)).limit(1);
  switch (key) {
    case 'workOrderClasses':
      await t.db.update(workOrders).set({ workOrderClassId: id }).where(eq(workOrders.id, wo.id));
      return '1 work order';
    case 'jobTitles':
      await t.db.update(users).set({ jobTitleId: id }).where(eq(users.userName, 'tech'));
      return '1 user';
    case 'regions':
      await t.call('POST', url('districts'), 'admin', { name: `District of ${id}`, regionId: id });
      return '1 district';
    case 'districts': {
      const [district] = await t.db.select().from(districts).where(eq(districts.id, id));
      await t.db.update(users).set({ regionId: district.regionId, districtId: id }).where(eq(users.userName, 'tech'));
      return '1 user';
    }
    case 'baseCities':
      await t.db.update(users).set({ baseCityId: id }).where(eq(users.userName, 'tech'));
      return '1 user';
    case 'customerFlags':
      await t.db.insert(customerFlagLinks).values({ subscriberId: polar, customerId: wo.customerId, customerFlagId: id });
      return '1 customer';
    case 'workOrderFlags':
      await techHour(t, polar, wo.id, '2026-01-05T14:00:00Z', { workOrderFlagId: id });
      return '1 labor entry';
    case 'standardItems':
      await t.db.insert(workOrderStandardItems).values({ subscriberId: polar, workOrderId: wo.id, standardItemId: id, name: 'Used', quantity: '1', unitPrice: '12.50' });
      return '1 work order item';
    case 'sopTypes': {
      const res = await t.call('POST', '/api/v1/SOPDetails', 'admin', { sopName: `SOP of ${id}`, sopTypeId: id, sopStatusId: 1 });
      expect(res.statusCode, res.body).toBe(200);
      return '1 SOP';
    }
    case 'payRaiseTypes': {
      const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
      const body = { employeeId: tech.id, payRaiseTypeId: id, newPosition: 'Lead', newPay: 30, reasonForChange: 'Merit', effectiveDate: '2026-12-01', raiseApprovalPriorityId: 1 };
      const res = await t.call('POST', '/api/v1/Payroll/payRaiseRequests', 'leader', body);
      expect(res.statusCode, res.body).toBe(200);
      return '1 pay raise';
    }
    case 'perDiemTypes':
      await techHour(t, polar, wo.id, '2026-01-06T14:00:00Z', { perDiemTypeId: id });
      return '1 labor entry';
    case 'terms':
    case 'paymentMethods':
    case 'billingMethods': {
      const field = { terms: 'termsId', paymentMethods: 'paymentMethodId', billingMethods: 'billingMethodId' }[key];
      const res = await t.call('PUT', '/api/v1/Settings/customerDefaultSetting', 'admin', { taxStatus: 'taxable', [field]: id });
      expect(res.statusCode, res.body).toBe(200);
      return '1 customer defaults form';
    }
    case 'equipmentMakes': {
      const res = await t.call('POST', url('equipmentModels'), 'admin', { name: `Model of ${id}`, makeId: id });
      expect(res.statusCode, res.body).toBe(200);
      return '1 model';
    }
    case 'equipmentCategories':
    case 'equipmentModels':
    case 'refrigerants':
    case 'voltages': {
      const [category] = await t.db.select().from(equipmentCategories).where(eq(equipmentCategories.subscriberId, polar));
      const [model] = key === 'equipmentModels' ? await t.db.select().from(equipmentModels).where(eq(equipmentModels.id, id)) : [];
      const body = {
        customerId: wo.customerId, name: `Unit of ${key} ${id}`, categoryId: key === 'equipmentCategories' ? id : category.id,
        ...(model ? { makeId: model.makeId, modelId: id } : {}), ...(key === 'refrigerants' ? { refrigerantId: id, chargePounds: 12.5 } : {}), ...(key === 'voltages' ? { voltageId: id } : {}),
      };
      const res = await t.call('POST', '/api/v1/Equipment', 'admin', body);
      expect(res.statusCode, res.body).toBe(200);
      return '1 piece of equipment';
    }
    case 'wareHouseTypes':
    case 'truckStockTypes': {
      const [main] = await rowsOf(t, 'wareHouseTypes', polar);
      const truck = key === 'truckStockTypes' ? { isTruck: true, technicianId: await userWithoutTruck(t, polar), truckStockTypeId: id } : {};
      const res = await t.call('POST', url('warehouses'), 'admin', { name: `Stock of ${key} ${id}`, typeId: key === 'wareHouseTypes' ? id : main.id, ...truck });
      expect(res.statusCode, res.body).toBe(200);
      return '1 warehouse';
    }
    case 'collectionTaskTemplates': {
      const invoice = await invoiceOf(t, polar, wo.customerId, '2026-11-30', 40, '12.50');
      await t.db.insert(collectionTasks).values({
        subscriberId: polar, customerId: wo.customerId, templateId: id, invoiceId: invoice.id, name: 'Call', action: 'call', bucket: 'days1to30', balance: '1.00', dueDate: '2026-11-30',
      });
      return '1 collection task';
    }
    case 'fleetDescriptions':
    case 'fleetStatuses':
    case 'fleetFlags': {
      const first = async (list: ReferenceListKey) => (await rowsOf(t, list, polar))[0].id;
      const res = await t.call('POST', '/api/v1/Fleet/vehicles', 'admin', {
        plate: `FLEET-${id}`, fleetDescriptionId: key === 'fleetDescriptions' ? id : await first('fleetDescriptions'), fleetStatusId: key === 'fleetStatuses' ? id : await first('fleetStatuses'),
        fleetFlagIds: key === 'fleetFlags' ? [id] : [],
      });
      expect(res.statusCode, res.body).toBe(200);
      return '1 vehicle';
    }
    case 'salesClasses': {
      const res = await t.call('POST', url('salesItems'), 'admin', { name: `Item of ${id}`, salesClassId: id, isCommissionable: true });
      expect(res.statusCode, res.body).toBe(200);
      return '1 sales item';
    }
    case 'salesItems': {
      const res = await t.call('PUT', `/api/v1/Sales/workOrders/${wo.id}`, 'admin', { salesItemId: id });
      expect(res.statusCode, res.body).toBe(200);
      return '1 work order';
    }
    case 'salesFlags': {
      const res = await t.call('POST', `/api/v1/Sales/tags/${id}/workOrders`, 'admin', { workOrderId: wo.id });
      expect(res.statusCode, res.body).toBe(200);
      return '1 tagged record';
    }
    case 'jobStatuses':
    case 'projectTypes': {
      const first = async (list: ReferenceListKey) => (await rowsOf(t, list, polar))[0].id;
      const res = await t.call('POST', '/api/v1/Projects', 'admin', {
        name: `Project of ${key} ${id}`, customerId: wo.customerId, jobStatusId: key === 'jobStatuses' ? id : await first('jobStatuses'), projectTypeId: key === 'projectTypes' ? id : null,
      });
      expect(res.statusCode, res.body).toBe(200);
      return '1 project';
    }
    case 'crewMembers':
    case 'permitTypes':
    case 'permitStatuses':
    case 'subContractors': {
      const first = async (list: ReferenceListKey) => (await rowsOf(t, list, polar))[0].id;
      const project = (await t.call('POST', '/api/v1/Projects', 'admin', { name: `Project of ${key} ${id}`, customerId: wo.customerId, jobStatusId: await first('jobStatuses') })).json();
      const [path, body, what] =
        key === 'crewMembers'
          ? ['crew', { crewMemberId: id }, '1 project crew']
          : key === 'subContractors'
            ? ['subcontractors', { subContractorId: id, status: 'Bidding', amount: 10 }, '1 project']
            : ['permits', { permitTypeId: key === 'permitTypes' ? id : await first('permitTypes'), permitStatusId: key === 'permitStatuses' ? id : await first('permitStatuses') }, '1 project permit'];
      const res = await t.call('POST', `/api/v1/Projects/${project.projectId}/${path}`, 'admin', body);
      expect(res.statusCode, res.body).toBe(200);
      return what;
    }
    default:
      throw new Error(`${key} has no usage`);
  }
}

