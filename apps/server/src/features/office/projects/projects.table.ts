import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, numeric, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyListRows } from '../../platform/reference-lists/company-list-rows.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { customers } from '../work-orders/customers.table';
import { workOrders } from '../work-orders/work-orders.table';

/**
 * A project: a job for a customer's site done over many visits, numbered per company. Its type and job status are rows
 * of the job settings (company_list_rows); the customer is the company's own (a composite key holds it).
 */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    projectNumber: integer('project_number').notNull(),
    name: text('name').notNull(),
    customerId: integer('customer_id').notNull(),
    projectTypeId: integer('project_type_id').references(() => companyListRows.id),
    jobStatusId: integer('job_status_id').notNull().references(() => companyListRows.id),
    projectManagerId: integer('project_manager_id').references(() => users.id),
    startDate: date('start_date'),
    targetDate: date('target_date'),
    budget: numeric('budget', { precision: 12, scale: 2 }),
    description: text('description'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('projects_subscriber_id_unique').on(t.subscriberId, t.id),
    uniqueIndex('projects_number_unique').on(t.subscriberId, t.projectNumber),
    index('projects_status_idx').on(t.subscriberId, t.jobStatusId),
    foreignKey({ name: 'projects_customer_fk', columns: [t.subscriberId, t.customerId], foreignColumns: [customers.subscriberId, customers.id] }),
    check('projects_name', sql`btrim(${t.name}) <> ''`),
    check('projects_budget', sql`${t.budget} is null or ${t.budget} >= 0`),
    check('projects_dates', sql`${t.startDate} is null or ${t.targetDate} is null or ${t.startDate} <= ${t.targetDate}`),
  ],
);

/** Someone on a project's crew: a row of the crew members list or a user of the company, one of the two. */
export const projectCrew = pgTable(
  'project_crew',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    projectId: integer('project_id').notNull(),
    crewMemberId: integer('crew_member_id').references(() => companyListRows.id),
    userId: integer('user_id').references(() => users.id),
    role: text('role'),
  },
  (t) => [
    foreignKey({ name: 'project_crew_project_fk', columns: [t.subscriberId, t.projectId], foreignColumns: [projects.subscriberId, projects.id] }),
    uniqueIndex('project_crew_member_unique').on(t.projectId, t.crewMemberId).where(sql`${t.crewMemberId} is not null`),
    uniqueIndex('project_crew_user_unique').on(t.projectId, t.userId).where(sql`${t.userId} is not null`),
    check('project_crew_one_person', sql`(${t.crewMemberId} is null) <> (${t.userId} is null)`),
  ],
);

/** A permit a project needs: its type and status (job settings rows), number and dates. */
export const projectPermits = pgTable(
  'project_permits',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    projectId: integer('project_id').notNull(),
    permitTypeId: integer('permit_type_id').notNull().references(() => companyListRows.id),
    permitStatusId: integer('permit_status_id').notNull().references(() => companyListRows.id),
    permitNumber: text('permit_number'),
    appliedOn: date('applied_on'),
    issuedOn: date('issued_on'),
    expiresOn: date('expires_on'),
  },
  (t) => [
    foreignKey({ name: 'project_permits_project_fk', columns: [t.subscriberId, t.projectId], foreignColumns: [projects.subscriberId, projects.id] }),
    index('project_permits_project_idx').on(t.projectId),
    check('project_permits_dates', sql`${t.issuedOn} is null or ${t.expiresOn} is null or ${t.issuedOn} <= ${t.expiresOn}`),
  ],
);

/** A subcontractor hired on a project (a row of the subcontractors list), where it stands and for how much. */
export const projectSubcontractors = pgTable(
  'project_subcontractors',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    projectId: integer('project_id').notNull(),
    subContractorId: integer('sub_contractor_id').notNull().references(() => companyListRows.id),
    status: text('status').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    foreignKey({ name: 'project_subcontractors_project_fk', columns: [t.subscriberId, t.projectId], foreignColumns: [projects.subscriberId, projects.id] }),
    uniqueIndex('project_subcontractors_unique').on(t.projectId, t.subContractorId),
    check('project_subcontractors_amount', sql`${t.amount} >= 0`),
    check('project_subcontractors_status', sql`${t.status} in ('Bidding', 'Awarded', 'Working', 'Complete')`),
  ],
);

/** The work orders of a project: a work order is linked to one project at most, both the same company's. */
export const projectWorkOrders = pgTable(
  'project_work_orders',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    projectId: integer('project_id').notNull(),
    workOrderId: integer('work_order_id').notNull(),
    linkedBy: integer('linked_by').references(() => users.id),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_work_orders_work_order_unique').on(t.workOrderId),
    index('project_work_orders_project_idx').on(t.projectId),
    foreignKey({ name: 'project_work_orders_project_fk', columns: [t.subscriberId, t.projectId], foreignColumns: [projects.subscriberId, projects.id] }),
    foreignKey({ name: 'project_work_orders_work_order_fk', columns: [t.subscriberId, t.workOrderId], foreignColumns: [workOrders.subscriberId, workOrders.id] }),
  ],
);
