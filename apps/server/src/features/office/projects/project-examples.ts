/** The examples the projects' OpenAPI answers carry. */
const JOB = {
  workOrderJobId: 311, workOrderId: 9120, title: 'Set grease trap', description: null, isSurvey: false, isCompleted: true, createdBy: 'Dana Whitfield', createdAt: '2026-11-24T15:02:11.000Z',
};

export const EXAMPLE_PROJECT = {
  projectId: 4, projectNumber: 1004, name: 'FreshMart #112 kitchen remodel', customerId: 31, customerName: 'FreshMart #112 Lakewood', projectTypeId: 52, projectType: 'Remodel',
  jobStatusId: 48, jobStatus: 'In Progress', projectManagerId: 23, projectManagerName: 'Paula Mendes', startDate: '2026-12-01', targetDate: '2027-02-15', budget: '48500.00',
  description: 'New grease trap, three hand sinks and a walk-in cooler.', progress: { jobs: 4, jobsDone: 1, workOrders: 2, workOrdersDone: 0, percent: 25 },
};

export const EXAMPLE_CREW = { crewId: 7, crewMemberId: 61, userId: null, name: 'Luis Ortega', role: 'Excavator operator' };
export const EXAMPLE_PERMIT = {
  permitId: 3, permitTypeId: 55, permitType: 'Plumbing', permitStatusId: 58, permitStatus: 'Issued', permitNumber: 'PLB-2026-11873', appliedOn: '2026-11-20', issuedOn: '2026-11-27', expiresOn: '2027-05-27',
};
export const EXAMPLE_SUBCONTRACTOR = { subcontractorEntryId: 2, subContractorId: 64, name: 'Metro Concrete Cutting', status: 'Awarded' as const, amount: '7250.00' };

export const EXAMPLE_PROJECT_DETAIL = {
  ...EXAMPLE_PROJECT,
  crew: [EXAMPLE_CREW],
  permits: [EXAMPLE_PERMIT],
  subcontractors: [EXAMPLE_SUBCONTRACTOR],
  workOrders: [
    {
      workOrderId: 9120, workOrderNumber: '240188', workOrderStatus: 'In Progress', isDone: false, problem: 'Kitchen remodel, phase 1', customerName: 'FreshMart #112 Lakewood',
      technicians: ['Tom Alvarez'], labor: '840.50', materials: '1210.00', jobs: [JOB],
    },
  ],
  cost: { labor: '840.50', materials: '1210.00', total: '2050.50', subcontracted: '7250.00', remaining: '46449.50' },
};

export const EXAMPLE_PROJECT_BOARD = {
  columns: [{ jobStatusId: 48, title: 'In Progress', count: 1, projects: [EXAMPLE_PROJECT] }],
  projectManagers: [{ id: 23, name: 'Paula Mendes' }],
  customers: [{ id: 31, name: 'FreshMart #112 Lakewood' }],
};

export const EXAMPLE_OPTIONS = {
  projectTypes: [{ id: 52, name: 'Remodel' }],
  jobStatuses: [{ id: 47, name: 'Bidding' }, { id: 48, name: 'In Progress' }],
  crewMembers: [{ id: 61, name: 'Luis Ortega' }],
  permitTypes: [{ id: 55, name: 'Plumbing' }],
  permitStatuses: [{ id: 58, name: 'Issued' }],
  subContractors: [{ id: 64, name: 'Metro Concrete Cutting' }],
  users: [{ id: 23, name: 'Paula Mendes' }],
};

export const EXAMPLE_LINKABLE = [{ workOrderId: 9133, workOrderNumber: '240201', workOrderStatus: 'ToDo', customerName: 'FreshMart #112 Lakewood', problem: 'Hand sinks, phase 2' }];

export const EXAMPLE_JOBS_BOARD = {
  columns: [
    {
      key: 'jobs' as const, title: 'Jobs to do', count: 1,
      cards: [{ ...JOB, isCompleted: false, workOrderNumber: '240188', customerName: 'FreshMart #112 Lakewood', technicians: ['Tom Alvarez'], projectId: 4, projectName: 'FreshMart #112 kitchen remodel' }],
    },
  ],
  technicians: [{ id: 8, name: 'Tom Alvarez' }],
  customers: [{ id: 31, name: 'FreshMart #112 Lakewood' }],
  projects: [{ id: 4, name: 'FreshMart #112 kitchen remodel' }],
};
