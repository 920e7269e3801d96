/** Recurrence frequencies the product recognises. */
export type RecurrenceFrequency = 'monthly' | 'never';

/** Reads FREQ from an RRULE ('FREQ=MONTHLY;...', optionally 'RRULE:'-prefixed or inside an iCal block); only monthly is recognised, all else is 'never'. */
export function recurrenceFrequency(rrule: string | null | undefined): RecurrenceFrequency {
  if (!rrule) return 'never';
  for (const line of rrule.split(/\r?\n/)) {
    const rule = /^\s*(?:RRULE:)?([^:]*)$/i.exec(line)?.[1];
    if (rule === undefined) continue;
    const freq = rule.split(';').map((p) => p.trim().split('=')).find(([k]) => k.toUpperCase() === 'FREQ');
    if (freq) return freq[1]?.trim().toUpperCase() === 'MONTHLY' ? 'monthly' : 'never';
  }
  return 'never';
}
