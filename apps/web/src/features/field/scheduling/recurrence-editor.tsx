import { Chip, Fieldset, Group, Input, MultiSelect, NumberInput, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { END_OF_DAY, LAST_DAY_OF_MONTH, RECURRENCE_PATTERNS, type RecurrenceForm } from '@sm/shared';
import dayjs from 'dayjs';
import type { ScheduleFormErrors } from './schedule-form';
import { weekdayOf } from './schedule-time';

/** Monday = 1 ... Sunday = 7 (spec clock 9). */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** First = 1 ... fifth = 5, last = -1 (spec clock 9, with the fifth week of RFC 5545). */
const WEEK_INDEXES = [
  { value: '1', label: 'First' },
  { value: '2', label: 'Second' },
  { value: '3', label: 'Third' },
  { value: '4', label: 'Fourth' },
  { value: '5', label: 'Fifth' },
  { value: '-1', label: 'Last' },
];
const PATTERN_LABELS: Record<RecurrenceForm['pattern'], string> = { never: 'Never', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' };
const UNITS: Record<RecurrenceForm['pattern'], string> = { never: '', daily: 'days', weekly: 'weeks', monthly: 'months', yearly: 'years' };

/** How far a new end date lies from the start by default: a few repeats of the pattern. */
const DEFAULT_SPAN: Record<RecurrenceForm['pattern'], [number, 'month' | 'year']> = { never: [1, 'month'], daily: [1, 'month'], weekly: [3, 'month'], monthly: [1, 'year'], yearly: [5, 'year'] };

const weekdayOptions = WEEKDAYS.map((label, i) => ({ value: String(i + 1), label }));
const monthOptions = MONTHS.map((label, i) => ({ value: String(i + 1), label }));
const monthDayOptions = [...Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })), { value: String(LAST_DAY_OF_MONTH), label: 'Last day' }];
const numbers = (values: string[]) => [...new Set(values.map(Number))].sort((a, b) => a - b);
const numberOrNull = (v: number | string) => (v === '' ? null : Number(v));

interface RecurrenceEditorProps {
  value: RecurrenceForm;
  onChange: (next: RecurrenceForm) => void;
  /** The item's start (`datetime-local`): the days a new repeat falls on by default. */
  start: string;
  errors: ScheduleFormErrors;
}

/** Weekday chips, Monday first; `label` names the group for screen readers and the error. */
function WeekdayChips({ label, value, onChange, error }: { label: string; value: number[]; onChange: (days: number[]) => void; error?: string }) {
  return (
    <Input.Wrapper label={label} error={error}>
      <Chip.Group multiple value={value.map(String)} onChange={(days) => onChange(numbers(days))}>
        <Group gap={6} mt={4} role="group" aria-label={label}>
          {WEEKDAYS.map((day, i) => (
            <Chip key={day} value={String(i + 1)} size="xs" aria-label={day}>
              {day.slice(0, 3)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}

/**
 * The recurrence editor (spec clock 3): never, daily, weekly on chosen weekdays (and, every 2 or more weeks, the day
 * weeks start on), monthly or yearly on days of the month (the last day too) in chosen months, or on the nth of one
 * or several weekdays; ending never, after N occurrences or at a time on a date. It edits the shared form that
 * `recurrenceRuleOf` turns into the stored rule, and can show every rule the server accepts.
 */
export function RecurrenceEditor({ value, onChange, start, errors }: RecurrenceEditorProps) {
  const startDate = dayjs(start).isValid() ? dayjs(start).toDate() : new Date();
  const set = (patch: Partial<RecurrenceForm>) => onChange({ ...value, ...patch });
  const error = (field: keyof RecurrenceForm) => errors[`recurrence.${field}`];

  const choosePattern = (pattern: RecurrenceForm['pattern']) => {
    const next: RecurrenceForm = { ...value, pattern };
    const wasWeekly = value.pattern === 'weekly';
    if (wasWeekly !== (pattern === 'weekly') || next.weekdays.length === 0) next.weekdays = [weekdayOf(startDate)];
    if (pattern === 'monthly' || pattern === 'yearly') {
      if (next.monthDays.length === 0) next.monthDays = [startDate.getDate()];
      next.weekIndex ??= Math.ceil(startDate.getDate() / 7);
    }
    next.months = pattern === 'yearly' ? (next.months.length > 0 ? next.months : [startDate.getMonth() + 1]) : [];
    onChange(next);
  };

  const chooseEnd = (end: RecurrenceForm['end']) => {
    const patch: Partial<RecurrenceForm> = { end };
    if (end === 'after') patch.count = value.count ?? 10;
    if (end === 'endDate') patch.endDate = value.endDate ?? dayjs(startDate).add(...DEFAULT_SPAN[value.pattern]).format('YYYY-MM-DD');
    set(patch);
  };

  const isMonthOrYear = value.pattern === 'monthly' || value.pattern === 'yearly';
  const weekLabel = WEEK_INDEXES.find((w) => w.value === String(value.weekIndex))?.label.toLowerCase();
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
          <>
            <WeekdayChips label="On" value={value.weekdays} error={error('weekdays')} onChange={(weekdays) => set({ weekdays })} />
            {value.interval > 1 && (
              <Select
                label="Weeks start on"
                description="Which days count as one week when weeks are skipped."
                data={weekdayOptions}
                value={String(value.weekStart)}
                allowDeselect={false}
                error={error('weekStart')}
                onChange={(v) => v && set({ weekStart: Number(v) })}
              />
            )}
          </>
        )}

        {isMonthOrYear && (
          <>
            <Radio.Group label="On" value={value.dayType} onChange={(v) => set({ dayType: v as RecurrenceForm['dayType'] })}>
              <Group gap="lg" mt={4}>
                <Radio value="absolute" label="Days of the month" />
                <Radio value="relative" label="A weekday of the month" />
              </Group>
            </Radio.Group>
            {value.pattern === 'yearly' && (
              <MultiSelect label="Months" data={monthOptions} value={value.months.map(String)} error={error('months')} onChange={(v) => set({ months: numbers(v) })} />
            )}
            {value.dayType === 'absolute' ? (
              <MultiSelect
                label="Days"
                description={value.monthDays.length === 0 ? 'None chosen: the start\'s day of the month.' : undefined}
                data={monthDayOptions}
                value={value.monthDays.map(String)}
                error={error('monthDays')}
                onChange={(v) => set({ monthDays: numbers(v) })}
              />
            ) : (
              <>
                <Select label="Week" data={WEEK_INDEXES} value={value.weekIndex === null ? null : String(value.weekIndex)} error={error('weekIndex')} onChange={(v) => set({ weekIndex: v ? Number(v) : null })} />
                <WeekdayChips label="Weekday" value={value.weekdays} error={error('weekdays')} onChange={(weekdays) => set({ weekdays })} />
                {value.weekdays.length > 1 && weekLabel && (
                  <Text size="xs" c="dimmed">
                    The {weekLabel} of the chosen days in the month: with Monday to Friday and Last, the last working day.
                  </Text>
                )}
              </>
            )}
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
          </SimpleGrid>
        )}
        {value.pattern !== 'never' && value.end === 'endDate' && (
          <SimpleGrid cols={2} spacing="sm">
            <TextInput type="date" label="End date" value={value.endDate ?? ''} error={error('endDate')} onChange={(e) => set({ endDate: e.currentTarget.value || null })} />
            <TextInput
              type="time"
              step={1}
              label="Until"
              value={value.endTime}
              error={error('endTime')}
              onChange={(e) => set({ endTime: timeWithSeconds(e.currentTarget.value) })}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  );
}

/** A time input answers "17:30" when the seconds are zero: the form keeps "17:30:00". */
const timeWithSeconds = (text: string) => (/^\d{2}:\d{2}$/.test(text) ? `${text}:00` : text || END_OF_DAY);
