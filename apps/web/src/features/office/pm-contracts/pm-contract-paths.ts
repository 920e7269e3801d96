import { PM_CONTRACT_PATH } from '@sm/shared';

/** The contract's page, or the new-contract form (at a location when one is given). */
export const pmContractPath = (id: number) => `${PM_CONTRACT_PATH}?id=${id}`;
export const newPmContractPath = (customerId?: number) => (customerId ? `${PM_CONTRACT_PATH}?customerId=${customerId}` : PM_CONTRACT_PATH);

/** "Quarterly", or the rule written by hand. */
const UNITS: Record<string, [string, string]> = { DAILY: ['Daily', 'days'], WEEKLY: ['Weekly', 'weeks'], MONTHLY: ['Monthly', 'months'], YEARLY: ['Yearly', 'years'] };

/**
 * How often a contract's visits come, in words: its frequency's name, a plain rule said ("Every 2 weeks"), or a rule
 * with more parts (days of the week, months) as written.
 */
export function frequencyOf(c: { frequencyName: string | null; recurrenceRule: string }): string {
  if (c.frequencyName) return c.frequencyName;
  const parts = new Map(c.recurrenceRule.replace(/^RRULE:/i, '').split(';').filter(Boolean).map((p) => p.split('=') as [string, string]));
  const unit = UNITS[parts.get('FREQ') ?? ''];
  const interval = parts.get('INTERVAL') ?? '1';
  if (!unit || [...parts.keys()].some((k) => k !== 'FREQ' && k !== 'INTERVAL') || !/^\d+$/.test(interval)) return c.recurrenceRule;
  return interval === '1' ? unit[0] : `Every ${interval} ${unit[1]}`;
}
