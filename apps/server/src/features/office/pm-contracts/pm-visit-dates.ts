import { createRequire } from 'node:module';
import { addDays } from '@sm/shared';

// rrule ships CommonJS without named ESM exports; require it so Node, tsx and Vitest all load the same build.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof import('rrule');

/** What a contract's visit dates depend on: its rule from its first day, within its term. */
export interface VisitTerms {
  recurrenceRule: string;
  startsOn: string;
  endsOn: string;
}

const rules = new Map<string, InstanceType<typeof RRule> | null>();
const midnight = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * The rule read on dates (floating, the rule sees each date as a UTC midnight), from the contract's first day, or null
 * for a rule the library cannot read. Kept per rule and first day: ten thousand contracts share a handful of both.
 */
function ruleOf(text: string, startsOn: string) {
  const key = `${text}|${startsOn}`;
  if (!rules.has(key)) {
    let rule: InstanceType<typeof RRule> | null = null;
    try {
      const { dtstart: _, tzid: __, ...options } = RRule.parseString(text.trim().replace(/^RRULE:/i, ''));
      rule = new RRule({ ...options, dtstart: midnight(startsOn) });
    } catch {
      rule = null;
    }
    if (rules.size > 10_000) rules.clear();
    rules.set(key, rule);
  }
  return rules.get(key)!;
}

/**
 * The dates (YYYY-MM-DD, oldest first) a contract's rule names from `from` to `to`, both included, that fall within
 * its term (its first to its last day). A rule that cannot be read names none.
 */
export function visitDatesBetween(terms: VisitTerms, from: string, to: string): string[] {
  const first = from > terms.startsOn ? from : terms.startsOn;
  const last = to < terms.endsOn ? to : terms.endsOn;
  if (first > last) return [];
  const rule = ruleOf(terms.recurrenceRule, terms.startsOn);
  if (!rule) return [];
  return rule.between(midnight(first), midnight(last), true).map((d) => d.toISOString().slice(0, 10));
}

/** The day after a date (YYYY-MM-DD). */
export const dayAfter = (date: string) => addDays(date, 1);
