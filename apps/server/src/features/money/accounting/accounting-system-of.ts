import type { AccountingSystemName } from '@sm/shared';
import type { DbOrTx } from '../../../lib/context';
import { AccountingError, type AccountingSystem } from './accounting-system';
import { intacctSystemOf, storedIntacctAccount } from './intacct-account.service';
import { quickBooksSystemOf, storedQuickBooksAccount } from './quickbooks-account.service';

/**
 * Which accounting system a company posts to: the one it has enabled, Sage Intacct or QuickBooks Online (saving either
 * refuses to enable it while the other is on, so at most one is). The outbox, the worker and the chart refresh ask
 * here and never name a system themselves.
 */
export async function accountingSystemOf(db: DbOrTx, subscriberId: number, expected: AccountingSystemName = 'Intacct'): Promise<AccountingSystem> {
  const intacct = await storedIntacctAccount(db, subscriberId);
  if (intacct?.isEnabled) return intacctSystemOf(intacct);
  const quickBooks = await storedQuickBooksAccount(db, subscriberId);
  if (quickBooks?.isEnabled) return quickBooksSystemOf(db, quickBooks);
  throw new AccountingError(409, `${expected} is not set up for your company: save and enable the connection in ${expected} settings.`, false);
}

/** Whether a company posts to an accounting system: it has saved one and left it on. */
export async function isPostingToAccounting(db: DbOrTx, subscriberId: number): Promise<boolean> {
  return !!(await storedIntacctAccount(db, subscriberId))?.isEnabled || !!(await storedQuickBooksAccount(db, subscriberId))?.isEnabled;
}

/** The name of the system a company posts to: QuickBooks when it is the one enabled, else Intacct. */
export async function accountingSystemName(db: DbOrTx, subscriberId: number): Promise<AccountingSystemName> {
  return (await storedQuickBooksAccount(db, subscriberId))?.isEnabled ? 'QuickBooks' : 'Intacct';
}
