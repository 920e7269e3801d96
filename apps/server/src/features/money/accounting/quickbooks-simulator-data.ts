/**
 * The demo company's QuickBooks Online: the app (client id and secret) the product connects as, the company (realm),
 * the refresh token it starts with, and its lists: accounts, the items that post to them, and a few customers. The
 * tests point the company's QuickBooks settings here.
 */
export const QUICKBOOKS_DEMO_CREDENTIALS = {
  realmId: '9130357766520846',
  clientId: 'ABsmDemoClient0001',
  clientSecret: 'qbo-demo-secret',
  refreshToken: 'AB11-demo-refresh-token',
} as const;

type Ref = { value: string; name?: string };

export interface QuickBooksSimCompany {
  realmId: string;
  accounts: { Id: string; Name: string; AcctNum: string; AccountType: string; Active: boolean }[];
  items: { Id: string; Name: string; Type: 'Service' | 'NonInventory'; UnitPrice: number; IncomeAccountRef: Ref; Active: boolean }[];
  customers: { Id: string; DisplayName: string; CompanyName?: string; PrimaryEmailAddr?: { Address: string }; PrimaryPhone?: { FreeFormNumber: string }; BillAddr?: { Line1: string; City: string; CountrySubDivisionCode: string; PostalCode: string }; Active: boolean }[];
  departments: { Id: string; Name: string; Active: boolean }[];
}

export interface QuickBooksSimSeed {
  apps: { clientId: string; clientSecret: string }[];
  /** Refresh tokens issued before the simulator started, each to one app and company. */
  refreshTokens: { token: string; clientId: string; realmId: string }[];
  companies: QuickBooksSimCompany[];
}

const ref = (value: string, name: string): Ref => ({ value, name });

/** A small service company's books: receivables, undeposited funds, income by kind, tax payable, and their items. */
export function quickBooksDemoSeed(): QuickBooksSimSeed {
  const { realmId, clientId, clientSecret, refreshToken } = QUICKBOOKS_DEMO_CREDENTIALS;
  return {
    apps: [{ clientId, clientSecret }],
    refreshTokens: [{ token: refreshToken, clientId, realmId }],
    companies: [
      {
        realmId,
        accounts: [
          { Id: '84', Name: 'Accounts Receivable (A/R)', AcctNum: '1100', AccountType: 'Accounts Receivable', Active: true },
          { Id: '4', Name: 'Undeposited Funds', AcctNum: '1150', AccountType: 'Other Current Asset', Active: true },
          { Id: '89', Name: 'Sales Tax Payable', AcctNum: '2300', AccountType: 'Other Current Liability', Active: true },
          { Id: '79', Name: 'Service Labor Income', AcctNum: '4000', AccountType: 'Income', Active: true },
          { Id: '80', Name: 'Materials Income', AcctNum: '4100', AccountType: 'Income', Active: true },
          { Id: '81', Name: 'Trip Charge Income', AcctNum: '4200', AccountType: 'Income', Active: true },
          { Id: '82', Name: 'Sales Returns and Allowances', AcctNum: '4900', AccountType: 'Income', Active: true },
          { Id: '83', Name: 'Freight Income', AcctNum: '4300', AccountType: 'Income', Active: true },
        ],
        items: [
          { Id: '1', Name: 'Service labor', Type: 'Service', UnitPrice: 95, IncomeAccountRef: ref('79', 'Service Labor Income'), Active: true },
          { Id: '2', Name: 'Materials', Type: 'NonInventory', UnitPrice: 0, IncomeAccountRef: ref('80', 'Materials Income'), Active: true },
          { Id: '3', Name: 'Trip charge', Type: 'Service', UnitPrice: 45, IncomeAccountRef: ref('81', 'Trip Charge Income'), Active: true },
          { Id: '4', Name: 'Sales tax collected', Type: 'Service', UnitPrice: 0, IncomeAccountRef: ref('89', 'Sales Tax Payable'), Active: true },
          { Id: '5', Name: 'Credit', Type: 'Service', UnitPrice: 0, IncomeAccountRef: ref('82', 'Sales Returns and Allowances'), Active: true },
          { Id: '6', Name: 'Filter change', Type: 'Service', UnitPrice: 129.5, IncomeAccountRef: ref('79', 'Service Labor Income'), Active: true },
        ],
        customers: [
          { Id: '58', DisplayName: 'Northwind Cold Storage', CompanyName: 'Northwind Cold Storage', PrimaryEmailAddr: { Address: 'ap@northwind.example' }, BillAddr: { Line1: '12 Harbor Rd', City: 'Tacoma', CountrySubDivisionCode: 'WA', PostalCode: '98421' }, Active: true },
          { Id: '59', DisplayName: 'Blue Fin Grocers', PrimaryPhone: { FreeFormNumber: '(253) 555-0142' }, BillAddr: { Line1: '400 Pine St', City: 'Seattle', CountrySubDivisionCode: 'WA', PostalCode: '98101' }, Active: true },
          { Id: '60', DisplayName: 'Harbor Ice Co.', Active: true },
        ],
        departments: [
          { Id: '1', Name: 'Service', Active: true },
          { Id: '2', Name: 'Installation', Active: true },
        ],
      },
    ],
  };
}
