import { CHART_OF_ACCOUNTS_READ, DEPARTMENTS_READ, satisfies, type Department, type GlAccount } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useSignedIn } from '../../platform/auth/session-context';
import { chartQuery } from './accounting-api';

export interface PickerOption {
  value: string;
  label: string;
}

/** "4000 — Service Labor Income": how an account or department is named in a picker and in a list. */
export const chartRowLabel = (number: string, title: string) => `${number} — ${title}`;

/** The active rows as options, and a row chosen before that is inactive now, so a saved choice still shows. */
function optionsOf<T extends GlAccount | Department>(rows: T[] | undefined, idOf: (r: T) => number, numberOf: (r: T) => string, keep: (number | null)[]): PickerOption[] {
  return (rows ?? []).filter((r) => r.isActive || keep.includes(idOf(r))).map((r) => ({ value: String(idOf(r)), label: chartRowLabel(numberOf(r), r.title) }));
}

/**
 * The account and department pickers' options, fed from the chart of accounts and the departments kept from Intacct.
 * A list the user may not read is not asked for (the server would refuse it): its picker is then empty and says why.
 */
export function useChartOptions(keep: (number | null)[] = []) {
  const { access } = useSignedIn();
  const mayReadAccounts = satisfies(access, CHART_OF_ACCOUNTS_READ);
  const mayReadDepartments = satisfies(access, DEPARTMENTS_READ);
  const accounts = useQuery({ ...chartQuery('chartOfAccount'), enabled: mayReadAccounts });
  const departments = useQuery({ ...chartQuery('departments'), enabled: mayReadDepartments });
  return {
    accounts: optionsOf(accounts.data, (r) => r.glAccountId, (r) => r.accountNo, keep),
    departments: optionsOf(departments.data, (r) => r.departmentId, (r) => r.departmentNo, keep),
    accountsById: new Map((accounts.data ?? []).map((r) => [r.glAccountId, r])),
    departmentsById: new Map((departments.data ?? []).map((r) => [r.departmentId, r])),
    isLoading: (mayReadAccounts && accounts.isPending) || (mayReadDepartments && departments.isPending),
    mayReadAccounts,
    mayReadDepartments,
  };
}
