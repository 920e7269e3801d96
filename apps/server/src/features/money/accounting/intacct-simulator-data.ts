/**
 * The demo company's Sage Intacct: the sender (XML partner) and company user it signs in as, its chart of accounts and
 * its departments. The demo seed and the tests point the company's Intacct settings here.
 */
export const INTACCT_DEMO_CREDENTIALS = {
  senderId: 'SM-PARTNER',
  senderPassword: 'sm-partner-demo',
  companyId: 'POLAR-DEMO',
  userId: 'xml_gateway',
  userPassword: 'intacct-demo-1',
} as const;

export interface IntacctSimCompany {
  companyId: string;
  users: { userId: string; password: string }[];
  glAccounts: { ACCOUNTNO: string; TITLE: string; STATUS: 'active' | 'inactive' }[];
  departments: { DEPARTMENTID: string; TITLE: string; STATUS: 'active' | 'inactive' }[];
}

export interface IntacctSimSeed {
  senders: { senderId: string; password: string }[];
  companies: IntacctSimCompany[];
}

/** A chart of accounts of a small service company: receivables, cash, income by kind, tax payable. */
export function intacctDemoSeed(): IntacctSimSeed {
  return {
    senders: [{ senderId: INTACCT_DEMO_CREDENTIALS.senderId, password: INTACCT_DEMO_CREDENTIALS.senderPassword }],
    companies: [
      {
        companyId: INTACCT_DEMO_CREDENTIALS.companyId,
        users: [{ userId: INTACCT_DEMO_CREDENTIALS.userId, password: INTACCT_DEMO_CREDENTIALS.userPassword }],
        glAccounts: [
          { ACCOUNTNO: '1100', TITLE: 'Accounts Receivable', STATUS: 'active' },
          { ACCOUNTNO: '1150', TITLE: 'Undeposited Funds', STATUS: 'active' },
          { ACCOUNTNO: '2300', TITLE: 'Sales Tax Payable', STATUS: 'active' },
          { ACCOUNTNO: '4000', TITLE: 'Service Labor Income', STATUS: 'active' },
          { ACCOUNTNO: '4010', TITLE: 'Overtime Labor Income', STATUS: 'active' },
          { ACCOUNTNO: '4100', TITLE: 'Materials Income', STATUS: 'active' },
          { ACCOUNTNO: '4200', TITLE: 'Trip Charge Income', STATUS: 'active' },
          { ACCOUNTNO: '4300', TITLE: 'Freight Income', STATUS: 'active' },
          { ACCOUNTNO: '4900', TITLE: 'Sales Returns and Allowances', STATUS: 'active' },
          { ACCOUNTNO: '4999', TITLE: 'Old Income (closed)', STATUS: 'inactive' },
        ],
        departments: [
          { DEPARTMENTID: 'SVC', TITLE: 'Service', STATUS: 'active' },
          { DEPARTMENTID: 'INS', TITLE: 'Installation', STATUS: 'active' },
        ],
      },
    ],
  };
}
