import { Chip, Fieldset, Group, Input, NumberInput, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { RECURRENCE_PATTERNS, type RecurrenceForm } from '@sm/shared';
import dayjs from 'dayjs';
import type { ScheduleFormErrors } from './schedule-form';
import { weekdayOf } from './schedule-time';

/** Monday = 1 ... Sunday = 7 (spec clock 9). */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** First = 1 ... fourth = 4, last = -1 (spec clock 9). */
const WEEK_INDEXES = [
  { value: '1', label: 'First' },
  { value: '2', label: 'Second' },
  { value: '3', label: 'Third' },
  { value: '4', label: 'Fourth' },
  { value: '-1', label: 'Last' },
];
const PATTERN_LABELS: Record<RecurrenceForm['pattern'], string> = { never: 'Never', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' };
const UNITS: Record<RecurrenceForm['pattern'], string> = { never: '', daily: 'days', weekly: 'weeks', monthly: 'months', yearly: 'years' };

/** How far a new end date lies from the start by default: a few repeats of the pattern. */
const DEFAULT_SPAN: Record<RecurrenceForm['pattern'], [number, 'month' | 'year']> = { never: [1, 'month'], daily: [1, 'month'], weekly: [3, 'month'], monthly: [1, 'year'], yearly: [5, 'year'] };

const weekdayOptions = WEEKDAYS.map((label, i) => ({ value: String(i + 1), label }));
const monthOptions = MONTHS.map((label, i) => ({ value: String(i + 1), label }));
const numberOrNull = (v: number | string) => (v === '' ? null : Number(v));

interface RecurrenceEditorProps {
  value: RecurrenceForm;
  onChange: (next: RecurrenceForm) => void;
  /** The item's start (`datetime-local`): the days a new repeat falls on by default. */
  start: string;
  errors: ScheduleFormErrors;
}

/**
 * The recurrence editor (spec clock 3): never, daily, weekly on chosen weekdays, monthly or yearly on a day of the
 * month or on the nth weekday; ending never, after N occurrences or on a date. It edits the shared form that
 * `recurrenceRuleOf` turns into the stored rule.
 */
export function RecurrenceEditor({ value, onChange, start, errors }: RecurrenceEditorProps) {
  const startDate = dayjs(start).isValid() ? dayjs(start).toDate() : new Date();
  const set = (patch: Partial<RecurrenceForm>) => onChange({ ...value, ...patch });
  const error = (field: keyof RecurrenceForm) => errors[`recurrence.${field}`];

  const choosePattern = (pattern: RecurrenceForm['pattern']) => {
    const next: RecurrenceForm = { ...value, pattern };
    if (pattern === 'weekly' && next.weekdays.length === 0) next.weekdays = [weekdayOf(startDate)];
    if (pattern === 'monthly' || pattern === 'yearly') {
      next.dayOfMonth ??= startDate.getDate();
      next.weekIndex ??= Math.min(4, Math.ceil(startDate.getDate() / 7));
      next.weekday ??= weekdayOf(startDate);
    }
    next.month = pattern === 'yearly' ? (next.month ?? startDate.getMonth() + 1) : null;
    onChange(next);
  };

  const chooseEnd = (end: RecurrenceForm['end']) => {
    const patch: Partial<RecurrenceForm> = { end };
    if (end === 'after') patch.count = value.count ?? 10;
    if (end === 'endDate') patch.endDate = value.endDate ?? dayjs(startDate).add(...DEFAULT_SPAN[value.pattern]).format('YYYY-MM-DD');
    set(patch);
  };

  const isMonthOrYear = value.pattern === 'monthly' || value.pattern === 'yearly';
  return (
    <Fieldset legend="Recurrence" variant="filled" radius="md" p="sm">
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="sm">
          <Select
            label="Repeat"
            data={RECURRENCE_PATTERNS.map((p) => ({ value: p, label: PATTERN_LABELS[p] }))}
            value={value.pattern}
            onChange={(v) => v && choosePattern(v as RecurrenceForm['pattern'])}
            allowDeselect={false}
            error={error('pattern')}
          />
          {value.pattern !== 'never' && (
            <NumberInput
              label={`Every (${UNITS[value.pattern]})`}
              min={1}
              max={999}
              allowDecimal={false}
              value={value.interval}
              error={error('interval')}
              onChange={(v) => set({ interval: v === '' ? 1 : Number(v) })}
            />
          )}
        </SimpleGrid>

        {value.pattern === 'weekly' && (
          <Input.Wrapper label="On" error={error('weekdays')}>
            <Chip.Group multiple value={value.weekdays.map(String)} onChange={(days) => set({ weekdays: days.map(Number).sort((a, b) => a - b) })}>
              <Group gap={6} mt={4}>
                {WEEKDAYS.map((day, i) => (
                  <Chip key={day} value={String(i + 1)} size="xs" aria-label={day}>
                    {day.slice(0, 3)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
        )}

        {isMonthOrYear && (
          <>
            <Radio.Group label="On" value={value.dayType} onChange={(v) => set({ dayType: v as RecurrenceForm['dayType'] })}>
              <Group gap="lg" mt={4}>
                <Radio value="absolute" label="A day of the month" />
                <Radio value="relative" label="A weekday of the month" />
              </Group>
            </Radio.Group>
            <SimpleGrid cols={value.pattern === 'yearly' ? { base: 2, xs: 3 } : 2} spacing="sm">
              {value.pattern === 'yearly' && (
                <Select label="Month" data={monthOptions} value={value.month === null ? null : String(value.month)} error={error('month')} onChange={(v) => set({ month: v ? Number(v) : null })} />
              )}
              {value.dayType === 'absolute' ? (
                <NumberInput label="Day" min={1} max={31} allowDecimal={false} value={value.dayOfMonth ?? ''} error={error('dayOfMonth')} onChange={(v) => set({ dayOfMonth: numberOrNull(v) })} />
              ) : (
                <>
                  <Select label="Week" data={WEEK_INDEXES} value={value.weekIndex === null ? null : String(value.weekIndex)} error={error('weekIndex')} onChange={(v) => set({ weekIndex: v ? Number(v) : null })} />
                  <Select label="Weekday" data={weekdayOptions} value={value.weekday === null ? null : String(value.weekday)} error={error('weekday')} onChange={(v) => set({ weekday: v ? Number(v) : null })} />
                </>
              )}
            </SimpleGrid>
          </>
        )}

        {value.pattern !== 'never' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
            <Radio.Group label="Ends" value={value.end} onChange={(v) => chooseEnd(v as RecurrenceForm['end'])}>
              <Group gap="md" mt={4}>
                <Radio value="never" label="Never" />
                <Radio value="after" label="After" />
                <Radio value="endDate" label="On date" />
              </Group>
            </Radio.Group>
            {value.end === 'after' && (
              <NumberInput label="Occurrences" min={1} max={999} allowDecimal={false} value={value.count ?? ''} error={error('count')} onChange={(v) => set({ count: numberOrNull(v) })} />
            )}
            {value.end === 'endDate' && (
              <TextInput type="date" label="End date" value={value.endDate ?? ''} error={error('endDate')} onChange={(e) => set({ endDate: e.currentTarget.value || null })} />
            )}
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  );
}
