import { PM_CONTRACT_PATH } from '@sm/shared';

/** The contract's page, or the new-contract form (at a location when one is given). */
export const pmContractPath = (id: number) => `${PM_CONTRACT_PATH}?id=${id}`;
export const newPmContractPath = (customerId?: number) => (customerId ? `${PM_CONTRACT_PATH}?customerId=${customerId}` : PM_CONTRACT_PATH);

/** "Quarterly", or the rule written by hand. */
export const frequencyOf = (c: { frequencyName: string | null; recurrenceRule: string }) => c.frequencyName ?? c.recurrenceRule;
