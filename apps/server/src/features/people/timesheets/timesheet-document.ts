import {
  defaultDocumentTemplate, hoursText, wallClockOf, type Access, type PayPeriod, type TimesheetAdjustment, type TimesheetDay, type TimesheetDetailAnswer, type TimesheetEntry,
  type TimesheetTotals,
} from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { companyNameOf } from '../../money/documents/document-templates.service';
import { drawBand, drawBlocks, drawHeading, drawPageFooters, drawParagraph, drawSignatureLines, drawTable, roomFor, SIGNATURE_LINES_HEIGHT, startPdf, type TableColumn } from '../../money/documents/pdf-document';
import { calendarOf, todayIn } from './payroll-settings.service';
import { buildTimesheets, resolvePeriod, timesheetDetail } from './timesheets.service';

/** One employee's printed timesheet: the days of a pay period, or of one pay week, and what they add up to. */
interface PrintedTimesheet {
  name: string;
  title: string;
  /** The dates printed, first to last. */
  startsOn: string;
  endsOn: string;
  /** What the "Pay period" block says: the dates, the period's number, how often the company pays. */
  periodLines: string[];
  period: PayPeriod;
  days: TimesheetDay[];
  built: TimesheetTotals;
  adjustments: TimesheetAdjustment[];
  adjusted: TimesheetTotals;
  approval: TimesheetDetailAnswer['approval'];
  approvalTitle: string;
  hasOpenLabor: boolean;
}

/** What is printed on every page: whose company, in which zone its times are read, and when it was printed. */
interface Printing {
  companyName: string;
  timeZone: string;
  printedAt: Date;
}

// Timesheets are papers of the company's own: they wear the product's colours, not the customer-facing template's.
const { headerColour: HEADER, accentColour: ACCENT } = defaultDocumentTemplate('invoice');
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// Dates and times are written by hand rather than through Intl: its English output puts narrow no-break spaces before
// AM and PM, which the PDF's standard fonts cannot show.
const calendarDay = (date: string) => new Date(`${date}T00:00:00Z`);
const dayText = (date: string) => `${WEEKDAYS[calendarDay(date).getUTCDay()]}, ${MONTHS[calendarDay(date).getUTCMonth()]} ${calendarDay(date).getUTCDate()}`;
const yearOf = (date: string) => date.slice(0, 4);
const rangeText = (from: string, to: string) =>
  yearOf(from) === yearOf(to) ? `${dayText(from)} – ${dayText(to)}, ${yearOf(to)}` : `${dayText(from)}, ${yearOf(from)} – ${dayText(to)}, ${yearOf(to)}`;

/** A range without weekdays ("Nov 1 – Nov 14, 2026"), where a line has less room. */
function shortRangeText(from: string, to: string): string {
  const monthDay = (date: string) => `${MONTHS[calendarDay(date).getUTCMonth()]} ${calendarDay(date).getUTCDate()}`;
  return yearOf(from) === yearOf(to) ? `${monthDay(from)} – ${monthDay(to)}, ${yearOf(to)}` : `${monthDay(from)}, ${yearOf(from)} – ${monthDay(to)}, ${yearOf(to)}`;
}

function timeText(iso: string, timeZone: string): string {
  const wall = wallClockOf(new Date(iso), timeZone);
  const hour = wall.getUTCHours();
  return `${hour % 12 || 12}:${String(wall.getUTCMinutes()).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

function instantText(iso: string, timeZone: string): string {
  const date = wallClockOf(new Date(iso), timeZone).toISOString().slice(0, 10);
  return `${dayText(date)}, ${yearOf(date)} at ${timeText(iso, timeZone)}`;
}

/**
 * An entry as a line of the Worked column: from when to when (open labor runs on), its hours that day ("OT" when it
 * was marked overtime at clock-in), then what it was. The label comes last so that when a long one wraps, every entry
 * still starts with its time.
 */
function entryText(entry: TimesheetEntry, timeZone: string): string {
  const hours = `${hoursText(entry.minutes)}${entry.isOvertime ? ' OT' : ''}`;
  if (!entry.startedAt) return `${hours} · ${entry.label}`;
  return `${timeText(entry.startedAt, timeZone)}–${entry.stoppedAt ? timeText(entry.stoppedAt, timeZone) : 'now'} · ${hours} · ${entry.label}`;
}

const blankIfZero = (minutes: number) => (minutes === 0 ? '' : hoursText(minutes));
const perDiemText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

type DayRow = { kind: 'day'; day: TimesheetDay } | { kind: 'total'; label: string; totals: TimesheetTotals };
type AdjustmentRow = { kind: 'adjustment'; adjustment: TimesheetAdjustment } | { kind: 'none' } | { kind: 'total'; label: string; totals: TimesheetTotals };

// The two tables share the hours columns, so the totals as built and with adjustments stand one above the other.
const HOURS = [
  { label: 'Regular', width: 52, pick: (t: Pick<TimesheetTotals, 'regularMinutes'>) => t.regularMinutes },
  { label: 'Overtime', width: 56, pick: (t: Pick<TimesheetTotals, 'overtimeMinutes'>) => t.overtimeMinutes },
  { label: 'PTO', width: 44, pick: (t: Pick<TimesheetTotals, 'ptoMinutes'>) => t.ptoMinutes },
] as const;

function dayColumns(timeZone: string): TableColumn<DayRow>[] {
  return [
    { label: 'Date', width: 72, align: 'left', text: (r) => (r.kind === 'day' ? dayText(r.day.date) : 'Total') },
    { label: 'Worked', width: 228, align: 'left', text: (r) => (r.kind === 'day' ? r.day.entries.map((e) => entryText(e, timeZone)).join('\n') : `${r.label} · worked ${hoursText(r.totals.workedMinutes)}`) },
    ...HOURS.map((h): TableColumn<DayRow> => ({ label: h.label, width: h.width, align: 'right', text: (r) => (r.kind === 'day' ? blankIfZero(h.pick(r.day)) : hoursText(h.pick(r.totals))) })),
    { label: 'Per diem', width: 64, align: 'left', text: (r) => (r.kind === 'day' ? r.day.perDiem.join(', ') : perDiemText(r.totals.perDiemDays)) },
  ];
}

const ADJUSTMENT_COLUMNS: TableColumn<AdjustmentRow>[] = [
  { label: 'Date', width: 72, align: 'left', text: (r) => (r.kind === 'adjustment' ? dayText(r.adjustment.workDate) : r.kind === 'total' ? 'Total' : '') },
  {
    label: 'Reason',
    width: 228,
    align: 'left',
    text: (r) => (r.kind === 'adjustment' ? r.adjustment.reason : r.kind === 'total' ? `${r.label} · worked ${hoursText(r.totals.workedMinutes)}` : 'No adjustments.'),
  },
  ...HOURS.map(
    (h): TableColumn<AdjustmentRow> => ({
      label: h.label,
      width: h.width,
      align: 'right',
      text: (r) => (r.kind === 'adjustment' ? blankIfZero(h.pick(r.adjustment)) : r.kind === 'total' ? hoursText(h.pick(r.totals)) : ''),
    }),
  ),
  { label: 'By', width: 64, align: 'left', text: (r) => (r.kind === 'adjustment' ? r.adjustment.createdByName : '') },
];

function approvalText(approval: PrintedTimesheet['approval'], timeZone: string): string {
  if (!approval) return 'Not approved.';
  const when = instantText(approval.approvedAt, timeZone);
  if (approval.isCurrent) return `Approved by ${approval.approvedByName} on ${when}.`;
  return `Changed since approved: ${approval.approvedByName} approved other hours on ${when}; these hours need a new approval.`;
}

// Who locked the period on a line of its own and when on the next, so the block breaks where it reads well.
const lockLines = (period: PayPeriod, timeZone: string) => (period.lockedAt ? [`Locked by ${period.lockedByName}`, `on ${instantText(period.lockedAt, timeZone)}`] : ['Not locked']);

/** Draws one employee's timesheet from the top of the current page; it runs on to further pages when it is long. */
function drawTimesheet(doc: PDFKit.PDFDocument, sheet: PrintedTimesheet, printing: Printing) {
  const { timeZone } = printing;
  drawBand(doc, { colour: HEADER, logo: null, title: sheet.title, subtitle: `${sheet.name}   ·   ${rangeText(sheet.startsOn, sheet.endsOn)}`, companyName: printing.companyName });
  let y = drawBlocks(doc, 116, ACCENT, [
    { title: 'Employee', lines: [sheet.name, sheet.hasOpenLabor ? 'Still clocked in: open time counts up to when this was printed.' : ''] },
    { title: 'Pay period', lines: sheet.periodLines, share: 1.3 },
    { title: 'Lock', lines: lockLines(sheet.period, timeZone), share: 1.3 },
  ]);
  const dayRows: DayRow[] = [...sheet.days.map((day) => ({ kind: 'day' as const, day })), { kind: 'total', label: 'As built', totals: sheet.built }];
  // Rows a little closer than an invoice's keep a busy fortnight on one page for the signatures.
  y = drawTable(doc, y, dayColumns(timeZone), dayRows, { colour: ACCENT, empty: '', isEmphasised: (r) => r.kind === 'total', padding: 5 });

  // The heading is kept with at least the table's header and a row.
  y = drawHeading(doc, roomFor(doc, y + 14, 64), ACCENT, 'Adjustments');
  const adjustmentRows: AdjustmentRow[] = [
    ...(sheet.adjustments.length > 0 ? sheet.adjustments.map((adjustment) => ({ kind: 'adjustment' as const, adjustment })) : [{ kind: 'none' as const }]),
    { kind: 'total', label: 'With adjustments', totals: sheet.adjusted },
  ];
  y = drawTable(doc, y, ADJUSTMENT_COLUMNS, adjustmentRows, { colour: ACCENT, empty: '', isEmphasised: (r) => r.kind === 'total', padding: 5 });

  // The approval and the lines to sign under it stay on one page.
  y = drawParagraph(doc, roomFor(doc, y, 60 + SIGNATURE_LINES_HEIGHT), ACCENT, sheet.approvalTitle, approvalText(sheet.approval, timeZone));
  drawSignatureLines(doc, y, [
    { label: 'Employee', name: sheet.name },
    { label: 'Approved by', name: sheet.approval?.isCurrent ? sheet.approval.approvedByName : '' },
  ]);
}

/** Renders timesheets as one PDF (US Letter), each employee from a new page, each page's footer naming whose it is. */
function renderTimesheetsPdf(title: string, sheets: PrintedTimesheet[], printing: Printing): Promise<Buffer> {
  const { doc, done } = startPdf({ Title: title, Author: printing.companyName });
  if (sheets.length === 0) {
    drawBand(doc, { colour: HEADER, logo: null, title: 'Timesheets', subtitle: title, companyName: printing.companyName });
    drawParagraph(doc, 116, ACCENT, 'Employees', 'No employee is active or has time in this pay period.');
  }
  const firstPages: number[] = [];
  sheets.forEach((sheet, i) => {
    if (i > 0) doc.addPage();
    firstPages.push(doc.bufferedPageRange().count - 1);
    drawTimesheet(doc, sheet, printing);
  });
  const printed = `Printed ${instantText(printing.printedAt.toISOString(), printing.timeZone)}`;
  drawPageFooters(doc, (page, count) => {
    const i = firstPages.findLastIndex((first) => first < page);
    if (i < 0) return [printing.companyName, printed].join('   ·   ');
    const sheetPages = (firstPages[i + 1] ?? count) - firstPages[i];
    return [printing.companyName, sheets[i].name, printed, `Page ${page - firstPages[i]} of ${sheetPages}`].join('   ·   ');
  });
  doc.end();
  return done;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The totals of some days, and those totals with the adjustments of the same days. */
function totalsOf(days: TimesheetDay[], adjustments: TimesheetAdjustment[]): { built: TimesheetTotals; adjusted: TimesheetTotals } {
  const built = {
    workedMinutes: sum(days.map((d) => d.workedMinutes)),
    regularMinutes: sum(days.map((d) => d.regularMinutes)),
    overtimeMinutes: sum(days.map((d) => d.overtimeMinutes)),
    ptoMinutes: sum(days.map((d) => d.ptoMinutes)),
    perDiemDays: days.filter((d) => d.perDiem.length > 0).length,
  };
  const regular = sum(adjustments.map((a) => a.regularMinutes));
  const overtime = sum(adjustments.map((a) => a.overtimeMinutes));
  const adjusted = {
    ...built,
    workedMinutes: built.workedMinutes + regular + overtime,
    regularMinutes: built.regularMinutes + regular,
    overtimeMinutes: built.overtimeMinutes + overtime,
    ptoMinutes: built.ptoMinutes + sum(adjustments.map((a) => a.ptoMinutes)),
  };
  return { built, adjusted };
}

const periodNameOf = (period: PayPeriod) => `Pay period ${period.index} of ${period.year} · ${period.payFrequency}`;
const fileNamePart = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'employee';

/** `GET Payroll/timesheets/print?date=` ("printAll"): every employee's timesheet of the pay period of a date, each from a new page. */
export async function printTimesheets(ctx: Ctx, date: string | undefined): Promise<{ pdf: Buffer; fileName: string }> {
  const { calendar, period, answer } = await resolvePeriod(ctx.db, ctx, date);
  const { sheets, extras } = await buildTimesheets(ctx.db, ctx, calendar, period, null);
  const printed = sheets.map(
    (s): PrintedTimesheet => ({
      name: s.name,
      title: 'Timesheet',
      startsOn: answer.startsOn,
      endsOn: answer.endsOn,
      periodLines: [rangeText(answer.startsOn, answer.endsOn), periodNameOf(answer)],
      period: answer,
      days: s.days,
      built: s.built,
      adjustments: extras.adjustmentsOf(s.userId),
      adjusted: s.adjusted,
      approval: extras.approvalOf(s),
      approvalTitle: 'Approval',
      hasOpenLabor: s.hasOpenLabor,
    }),
  );
  const printing = { companyName: await companyNameOf(ctx.db, ctx), timeZone: calendar.timeZone, printedAt: ctx.now };
  const pdf = await renderTimesheetsPdf(`Timesheets ${answer.startsOn} to ${answer.endsOn}`, printed, printing);
  return { pdf, fileName: `timesheets-${answer.startsOn}.pdf` };
}

/**
 * `GET Payroll/timesheets/{userId}/weeklyPrint?date=` ("weeklyPrint"): one employee's pay week holding a date (today
 * when left out), with that week's totals. Who may print it is decided as for the timesheet on screen. A period is
 * whole pay weeks from its first day, and its overtime is counted per pay week, so the week's hours stand alone.
 */
export async function printWeeklyTimesheet(ctx: Ctx, access: Access, userId: number, date: string | undefined): Promise<{ pdf: Buffer; fileName: string }> {
  const detail = await timesheetDetail(ctx, access, userId, date);
  const calendar = await calendarOf(ctx.db, ctx);
  const day = date ?? todayIn(calendar, ctx.now);
  const first = 7 * Math.floor(detail.days.findIndex((d) => d.date === day) / 7);
  const days = detail.days.slice(first, first + 7);
  const startsOn = days[0].date;
  const endsOn = days[days.length - 1].date;
  const adjustments = detail.adjustments.filter((a) => a.workDate >= startsOn && a.workDate <= endsOn);
  const weeks = Math.ceil(detail.days.length / 7);
  const sheet: PrintedTimesheet = {
    name: detail.name,
    title: 'Weekly Timesheet',
    startsOn,
    endsOn,
    periodLines:
      weeks === 1
        ? [rangeText(startsOn, endsOn), periodNameOf(detail.period)]
        : [rangeText(startsOn, endsOn), `Week ${first / 7 + 1} of pay period ${detail.period.index} of ${detail.period.year}`, `${detail.period.payFrequency}: ${shortRangeText(detail.period.startsOn, detail.period.endsOn)}`],
    period: detail.period,
    days,
    ...totalsOf(days, adjustments),
    adjustments,
    approval: detail.approval,
    approvalTitle: weeks === 1 ? 'Approval' : 'Approval of the pay period',
    hasOpenLabor: days.some((d) => d.entries.some((e) => e.kind === 'labor' && e.stoppedAt === null)),
  };
  const printing = { companyName: await companyNameOf(ctx.db, ctx), timeZone: calendar.timeZone, printedAt: ctx.now };
  const pdf = await renderTimesheetsPdf(`Timesheet of ${detail.name}, ${startsOn} to ${endsOn}`, [sheet], printing);
  return { pdf, fileName: `timesheet-${fileNamePart(detail.name)}-${startsOn}.pdf` };
}
