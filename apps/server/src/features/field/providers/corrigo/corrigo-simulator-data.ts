import type { WireCustomerSettings, WireProcedure, WireWorkOrder } from './corrigo-wire';

/**
 * What the Corrigo simulator knows when it starts (and after `POST /__reset`): two customers, one that requires
 * repair codes and answers to custom questions, one that requires neither, and their work orders. The demo seed
 * links the product's work orders to these ids, so both sides tell the same story.
 */

/** The simulator's client credentials; the demo company's account carries the same pair. */
export const CORRIGO_DEMO_CLIENT = { clientId: 'polar-refrigeration', clientSecret: 'corrigo-demo-secret' } as const;

/** Customer ids at Corrigo (never small numbers, so they are not mistaken for ids of ours). */
export const CORRIGO_CUSTOMER = { strict: 70431, simple: 70432 } as const;

/** Work order ids at Corrigo. */
export const CORRIGO_WORK_ORDER = {
  /** CheckedIn, strict customer, procedures with required steps: Stop goes through the whole wizard. */
  guided: 8801501,
  /** CheckedIn, simple customer: the wizard has only the first step. */
  plain: 8801502,
  /** Accepted: the technician's clock-in checks it in. */
  accepted: 8801503,
  /** New: must be accepted before anything else. */
  fresh: 8801504,
  /** CheckedIn preventive maintenance: a check-out without completion data leaves it NeedsCompletionDetails. */
  maintenance: 8801505,
} as const;

export const CORRIGO_CUSTOMERS: WireCustomerSettings[] = [
  {
    CustomerId: CORRIGO_CUSTOMER.strict,
    CustomerName: 'Lone Star Restaurant Group',
    IsRepairCodeRequired: true,
    IsBackdatingAllowed: false,
    RepairCategories: [
      { Id: 310, Category: 'Refrigeration', Codes: [{ Id: 3101, Code: 'Replaced fan motor' }, { Id: 3102, Code: 'Cleaned condenser coil' }, { Id: 3103, Code: 'Recharged refrigerant' }] },
      { Id: 320, Category: 'Cooking Equipment', Codes: [{ Id: 3201, Code: 'Replaced thermocouple' }, { Id: 3202, Code: 'Adjusted gas valve' }] },
    ],
    CustomFields: [
      { Id: 5101, Label: 'Equipment left operational', Values: ['Yes', 'No'], DataType: 'String', DataLength: 3, IsDeleted: false, IsReadonly: false, IsRequired: true, CurrencyCode: null },
      { Id: 5102, Label: 'Refrigerant added (lbs)', Values: [], DataType: 'Float', DataLength: 10, IsDeleted: false, IsReadonly: false, IsRequired: false, CurrencyCode: null },
      { Id: 5103, Label: 'Old asset tag', Values: [], DataType: 'String', DataLength: 40, IsDeleted: true, IsReadonly: false, IsRequired: true, CurrencyCode: null },
      { Id: 5104, Label: 'Contract number', Values: [], DataType: 'String', DataLength: 20, IsDeleted: false, IsReadonly: true, IsRequired: false, CurrencyCode: null },
    ],
    Priorities: [
      { Id: 1, Name: 'Emergency', RespondInMinutes: 60, DueInHours: 4, IsEmergency: true },
      { Id: 2, Name: 'Standard', RespondInMinutes: 240, DueInHours: 48, IsEmergency: false },
    ],
  },
  {
    CustomerId: CORRIGO_CUSTOMER.simple,
    CustomerName: 'FreshMart Grocers Inc.',
    IsRepairCodeRequired: false,
    IsBackdatingAllowed: true,
    RepairCategories: [],
    CustomFields: [],
    Priorities: [{ Id: 2, Name: 'Standard', RespondInMinutes: 240, DueInHours: 48, IsEmergency: false }],
  },
];

const nte = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });

export const CORRIGO_WORK_ORDERS: WireWorkOrder[] = [
  { Id: CORRIGO_WORK_ORDER.guided, Number: 'CG-1501', CustomerId: CORRIGO_CUSTOMER.strict, Status: 'CheckedIn', TypeCategory: 'CustomerRequest', Nte: nte(1500) },
  { Id: CORRIGO_WORK_ORDER.plain, Number: 'CG-1502', CustomerId: CORRIGO_CUSTOMER.simple, Status: 'CheckedIn', TypeCategory: 'CustomerRequest', Nte: nte(750) },
  { Id: CORRIGO_WORK_ORDER.accepted, Number: 'CG-1503', CustomerId: CORRIGO_CUSTOMER.simple, Status: 'Accepted', TypeCategory: 'CustomerRequest', Nte: nte(0) },
  { Id: CORRIGO_WORK_ORDER.fresh, Number: 'CG-1504', CustomerId: CORRIGO_CUSTOMER.simple, Status: 'New', TypeCategory: 'CustomerRequest', Nte: nte(500) },
  { Id: CORRIGO_WORK_ORDER.maintenance, Number: 'CG-1505', CustomerId: CORRIGO_CUSTOMER.strict, Status: 'CheckedIn', TypeCategory: 'PreventiveMaintenance', Nte: nte(2500) },
];

const step = (s: Partial<WireProcedure['Steps'][number]> & Pick<WireProcedure['Steps'][number], 'Id' | 'Order' | 'Description'>) => ({
  Label: null, StepType: 'Checkbox', DataType: 'Bool' as const, IsRequired: false, State: 'Open' as const, Value: null, Comment: null, FlagReason: null, CurrencyCode: null, ...s,
});

/** Procedures (checklists) per work order id. */
export const CORRIGO_PROCEDURES: Record<number, WireProcedure[]> = {
  [CORRIGO_WORK_ORDER.guided]: [
    {
      Id: 9101, Name: 'Walk-in cooler inspection', Order: 1, State: 'Open', Asset: { Name: 'Walk-in cooler WIC-2' }, AllowNotApplicable: true,
      Steps: [
        step({ Id: 91011, Order: 1, Description: 'Record the discharge air temperature', Label: 'Temperature (°F)', StepType: 'Text', DataType: 'Float', IsRequired: true }),
        step({ Id: 91012, Order: 2, Description: 'Check the door gasket seals all around', IsRequired: true }),
        step({ Id: 91013, Order: 3, Description: 'Clean the condenser coil' }),
      ],
    },
    {
      Id: 9102, Name: 'Site sign-off', Order: 2, State: 'Open', Asset: null, AllowNotApplicable: false,
      Steps: [step({ Id: 91021, Order: 1, Description: 'Name of the manager on site', Label: 'Manager', StepType: 'Text', DataType: 'String' })],
    },
  ],
  [CORRIGO_WORK_ORDER.maintenance]: [
    {
      Id: 9201, Name: 'Quarterly rack maintenance', Order: 1, State: 'Open', Asset: { Name: 'Refrigeration rack A' }, AllowNotApplicable: true,
      Steps: [step({ Id: 92011, Order: 1, Description: 'Check the oil level of every compressor', IsRequired: true })],
    },
  ],
};
