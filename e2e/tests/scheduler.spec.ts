import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { choose } from './page-actions';
import { accessTokenOf, openAs } from './session';

// The dispatcher board plans in weeks no other test reads (ten, twelve and fourteen weeks ahead), and every item it
// creates is deleted before the test ends. The browser keeps the demo company's time zone, as a dispatcher in Dallas
// would.
test.use({ timezoneId: 'America/Chicago' });

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The YYYY-MM-DD of the Sunday that starts the week `weeksAhead` weeks from today, and the days after it. */
function weekOf(weeksAhead: number) {
  const day = new Date(Date.now() + weeksAhead * 7 * DAY_MS);
  const sunday = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - day.getUTCDay());
  return (offset: number) => new Date(sunday + offset * DAY_MS).toISOString().slice(0, 10);
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

type Item = { id: number; start: string; end: string; task: string | null; recurrenceRule: string | null; recurrenceId: number | null; occurrenceStart: string | null; isAppointment: boolean };

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'DELETE', path: string): Promise<T> {
  const response = await request.fetch(`/api/v1/${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

const itemsIn = (request: APIRequestContext, token: string, start: string, end: string) => call<Item[]>(request, token, 'GET', `Scheduler/items?start=${start}&end=${end}`);

/** Centres of the calendar events showing `text`, left to right. */
async function eventCentres(page: Page, text: string) {
  const boxes = await Promise.all((await page.getByText(text).all()).map((e) => e.boundingBox()));
  return boxes.map((b) => ({ x: b!.x + b!.width / 2, y: b!.y + b!.height / 2 })).sort((a, b) => a.x - b.x);
}

/** Clicks the `index`-th calendar event showing `text`, counting from the left. */
async function clickEvent(page: Page, text: string, index: number) {
  // A dialog that is still closing covers the calendar: a click then would land on its overlay, not on the event.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const { x, y } = (await eventCentres(page, text))[index];
  await page.mouse.click(x, y);
}

test.describe('dispatcher board', () => {
  test('dispatcher plans a weekly appointment on Monday and Wednesday for tech, then drags one occurrence with a reason', async ({ page, request }) => {
    const day = weekOf(10);
    const task = `Compressor check ${Date.now()}`;
    await openAs(page, 'dispatcher', `/management/dispatcher?view=week&date=${day(0)}`);
    await expect(page).toHaveTitle('Dispatcher Board - WebBased');
    const token = await accessTokenOf(page);

    await page.getByRole('button', { name: 'New' }).click();
    const form = page.getByRole('dialog', { name: 'New Schedule Item' });
    await form.getByLabel('Task').fill(task);
    await choose(form, 'Work order', /^240005 · /, '240005');
    await choose(form, 'Technician', 'Tom Alvarez');
    await form.getByLabel('Start').fill(`${day(1)}T09:00`);
    await form.getByLabel('Duration (hours)').fill('1');
    await form.getByLabel('Appointment').check();
    await choose(form, 'Repeat', 'Weekly');
    await expect(form.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    await form.getByText('Wed', { exact: true }).click();
    await form.getByRole('radio', { name: 'After' }).check();
    await form.getByLabel('Occurrences').fill('4');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(toast(page, 'Schedule item created.')).toBeVisible();

    // Monday and Wednesday this week and next.
    await expect(page.getByText(task)).toHaveCount(2);
    await page.getByRole('button', { name: 'Next period' }).click();
    await expect(page.getByText(task)).toHaveCount(2);
    await page.getByRole('button', { name: 'Previous period' }).click();
    await expect(page.getByText(task)).toHaveCount(2);

    const created = (await itemsIn(request, token, day(0), day(14))).filter((i) => i.task === task);
    expect(created.map((i) => i.recurrenceRule)).toEqual(Array(4).fill('FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4'));
    const seriesId = created[0].id;
    const starts = created.map((i) => i.start);
    expect(Date.parse(starts[1]) - Date.parse(starts[0])).toBe(2 * DAY_MS);

    // Drag Monday's occurrence one column right: Tuesday, same time.
    const [monday, wednesday] = await eventCentres(page, task);
    const column = (wednesday.x - monday.x) / 2;
    await page.mouse.move(monday.x, monday.y);
    await page.mouse.down();
    await page.mouse.move(monday.x + column / 2, monday.y, { steps: 5 });
    await page.mouse.move(monday.x + column, monday.y, { steps: 5 });
    await page.mouse.up();

    const choice = page.getByRole('dialog', { name: 'Repeating item' });
    await expect(choice).toContainText('Move this occurrence or the whole series?');
    await choice.getByRole('button', { name: 'This occurrence' }).click();
    const reasonDialog = page.getByRole('dialog', { name: 'Update Appointment' });
    await expect(reasonDialog).toContainText('already scheduled with the customer');
    await expect(reasonDialog).toContainText('notify the customer and the technician');
    await reasonDialog.getByRole('button', { name: 'Update' }).click();
    await expect(reasonDialog.getByText('Reason is required.')).toBeVisible();
    await reasonDialog.getByLabel('Reason').fill('Customer asked for Tuesday this week');
    await reasonDialog.getByRole('button', { name: 'Update' }).click();
    await expect(reasonDialog).toBeHidden();
    await expect(toast(page, 'The occurrence was moved.')).toBeVisible();
    const columnsFromMonday = async () => (await eventCentres(page, task)).map((c) => Math.round((c.x - monday.x) / column));
    await expect.poll(columnsFromMonday).toEqual([1, 2]);

    // The occurrence moved on its own; the series' other occurrences did not; the reason is in the history.
    const after = (await itemsIn(request, token, day(0), day(14))).filter((i) => i.task === task);
    const moved = after.find((i) => i.recurrenceId === seriesId)!;
    expect(moved).toMatchObject({ occurrenceStart: starts[0], recurrenceRule: null, isAppointment: true });
    expect(Date.parse(moved.start) - Date.parse(starts[0])).toBe(DAY_MS);
    expect(Date.parse(moved.end) - Date.parse(moved.start)).toBe(HOUR_MS);
    expect(after.filter((i) => i.id === seriesId).map((i) => i.start)).toEqual(starts.slice(1));
    const history = await call<{ action: string; reason: string | null }[]>(request, token, 'GET', `Scheduler/${seriesId}/history`);
    expect(history.at(-1)).toMatchObject({ action: 'move-occurrence', reason: 'Customer asked for Tuesday this week' });

    // The form of the moved occurrence shows that history entry too.
    await clickEvent(page, task, 0);
    const edit = page.getByRole('dialog', { name: 'Schedule Item' });
    await expect(edit.getByLabel('Schedule item history')).toContainText('Customer asked for Tuesday this week');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // Clean up: the series and its moved occurrence go.
    await call(request, token, 'DELETE', `Scheduler/${seriesId}?appointmentChangedReason=${encodeURIComponent('Browser test clean-up')}`);
    expect((await itemsIn(request, token, day(0), day(14))).filter((i) => i.task === task)).toEqual([]);
  });

  test('editing the whole series keeps its first day; one occurrence and then the series are deleted after Yes', async ({ page, request }) => {
    const day = weekOf(14);
    const task = `Van stock count ${Date.now()}`;
    await openAs(page, 'dispatcher', `/management/dispatcher?view=week&date=${day(0)}`);
    const token = await accessTokenOf(page);
    await page.getByRole('button', { name: 'New' }).click();
    const form = page.getByRole('dialog', { name: 'New Schedule Item' });
    await form.getByLabel('Task').fill(task);
    await choose(form, 'Technician', 'Priya Natarajan');
    await form.getByLabel('Start').fill(`${day(2)}T08:00`);
    await choose(form, 'Repeat', 'Daily');
    await form.getByRole('radio', { name: 'After' }).check();
    await form.getByLabel('Occurrences').fill('3');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(task)).toHaveCount(3);
    const first = (await itemsIn(request, token, day(0), day(7))).filter((i) => i.task === task).map((i) => i.start);

    // The third occurrence opens the whole series from its own first day: an hour later moves every occurrence.
    await clickEvent(page, task, 2);
    const choice = page.getByRole('dialog', { name: 'Repeating item' });
    await expect(choice).toContainText('Edit this occurrence or the whole series?');
    await choice.getByRole('button', { name: 'The whole series' }).click();
    const series = page.getByRole('dialog', { name: 'Schedule Item: Whole Series' });
    await expect(series.getByLabel('Start')).toHaveValue(`${day(2)}T08:00`);
    await series.getByLabel('Start').fill(`${day(2)}T09:00`);
    await series.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Schedule item saved.')).toBeVisible();
    await expect
      .poll(async () => (await itemsIn(request, token, day(0), day(7))).filter((i) => i.task === task).map((i) => Date.parse(i.start)))
      .toEqual(first.map((s) => Date.parse(s) + HOUR_MS));

    // One occurrence goes after the generic confirmation; No keeps it.
    await clickEvent(page, task, 1);
    await expect(choice).toContainText('Edit this occurrence or the whole series?');
    await choice.getByRole('button', { name: 'This occurrence' }).click();
    const occurrence = page.getByRole('dialog', { name: 'Schedule Item: This Occurrence' });
    await occurrence.getByRole('button', { name: 'Delete occurrence' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Please Confirm' });
    await expect(confirmation).toContainText('Are You Sure?');
    await confirmation.getByRole('button', { name: 'No' }).click();
    await expect(occurrence).toBeVisible();
    await occurrence.getByRole('button', { name: 'Delete occurrence' }).click();
    await confirmation.getByRole('button', { name: 'Yes' }).click();
    await expect(toast(page, 'The occurrence was removed.')).toBeVisible();
    await expect(page.getByText(task)).toHaveCount(2);

    // The whole series goes.
    await clickEvent(page, task, 0);
    await expect(choice).toContainText('Edit this occurrence or the whole series?');
    await choice.getByRole('button', { name: 'The whole series' }).click();
    await series.getByRole('button', { name: 'Delete series' }).click();
    await confirmation.getByRole('button', { name: 'Yes' }).click();
    await expect(toast(page, 'Schedule item deleted.')).toBeVisible();
    await expect(page.getByText(task)).toHaveCount(0);
    expect((await itemsIn(request, token, day(0), day(7))).filter((i) => i.task === task)).toEqual([]);
  });

  test('dispatcher drags an unassigned work order onto the week, saves, and it leaves the panel for the calendar', async ({ page, request }) => {
    const day = weekOf(16);
    await openAs(page, 'dispatcher', `/management/dispatcher?view=week&date=${day(0)}`);
    const token = await accessTokenOf(page);
    type Card = { workOrderId: number; workOrderNumber: string; customerName: string; technicians: { name: string }[] };
    const waiting = await call<{ data: Card[]; total: number }>(request, token, 'GET', 'Scheduler/unassigned?take=50');
    const card = waiting.data.find((c) => c.technicians.length === 1 && c.technicians[0].name === 'Tom Alvarez')!;
    expect(card, 'an unassigned work order of Tom Alvarez').toBeDefined();

    const panel = page.getByRole('region', { name: 'Unassigned work' });
    await expect(panel.getByLabel(`${waiting.total} unassigned`)).toBeVisible();
    await panel.getByRole('textbox', { name: 'Search unassigned work' }).fill(card.workOrderNumber);
    const cards = panel.getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAccessibleName(`Work order ${card.workOrderNumber}`);

    // Drag the card by mouse, in steps, onto Wednesday at 10:00.
    const from = (await cards.first().boundingBox())!;
    const column = (await page.getByText(/^Wed, /).boundingBox())!;
    const row = (await page.getByText('10am', { exact: true }).boundingBox())!;
    const to = { x: column.x + column.width / 2, y: row.y + row.height / 2 };
    await page.mouse.move(from.x + from.width / 2, from.y + 20);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 - 20, from.y + 20, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.move(to.x, to.y + 1, { steps: 2 });
    await page.mouse.up();

    const form = page.getByRole('dialog', { name: 'New Schedule Item' });
    await expect(form.getByRole('combobox', { name: 'Work order' })).toHaveValue(new RegExp(`^${card.workOrderNumber} · `));
    await expect(form.getByRole('combobox', { name: 'Technician' })).toHaveValue('Tom Alvarez');
    await expect(form.getByLabel('Start')).toHaveValue(`${day(3)}T10:00`);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(toast(page, 'Schedule item created.')).toBeVisible();

    // The card leaves the panel; the visit shows on Wednesday of the calendar.
    await expect(cards).toHaveCount(0);
    await expect(panel.getByText(`No unassigned work matches "${card.workOrderNumber}".`)).toBeVisible();
    const event = page.locator('.sm-event').filter({ hasText: `WO ${card.workOrderNumber}` });
    await expect(event).toHaveCount(1);
    const eventBox = (await event.boundingBox())!;
    expect(Math.abs(eventBox.x + eventBox.width / 2 - to.x)).toBeLessThan(column.width / 2);
    const made = (await itemsIn(request, token, day(0), day(7))).filter((i) => (i as Item & { workOrderId: number }).workOrderId === card.workOrderId);
    expect(made).toHaveLength(1);
    expect(new Date(made[0].start).toLocaleString('sv-SE', { timeZone: 'America/Chicago' })).toBe(`${day(3)} 10:00:00`);

    // Clean up. With its visit deleted elsewhere, the work order is back in the panel once the window regains focus.
    await call(request, token, 'DELETE', `Scheduler/${made[0].id}`);
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect(cards).toHaveCount(1);
    await expect(event).toHaveCount(0);
  });

  test('the recurrence editor writes the rules it can show: last working day, several months and days, weeks from Monday', async ({ page, request }) => {
    test.slow(); // three items made and read back through the dialog
    const day = weekOf(16);
    const stamp = Date.now();
    await openAs(page, 'dispatcher', `/management/dispatcher?view=week&date=${day(0)}`);
    const token = await accessTokenOf(page);
    const startOfMonday = new Date(`${day(1)}T12:00:00Z`);
    const [mondayDate, mondayMonth] = [startOfMonday.getUTCDate(), startOfMonday.getUTCMonth() + 1];

    /** Fills a new item starting Monday 09:00, lets `repeat` set the recurrence, saves, and answers the stored rule. */
    const ruleOfNew = async (task: string, repeat: (form: Locator) => Promise<void>) => {
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('button', { name: 'New' }).click();
      const form = page.getByRole('dialog', { name: 'New Schedule Item' });
      await form.getByLabel('Task').fill(task);
      await form.getByLabel('Start').fill(`${day(1)}T09:00`);
      await repeat(form);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form).toBeHidden();
      const [first] = (await itemsIn(request, token, day(0), day(60))).filter((i) => i.task === task);
      await call(request, token, 'DELETE', `Scheduler/${first.id}`);
      return first.recurrenceRule;
    };
    const pick = async (form: Locator, label: string, option: string) => {
      // With a value chosen the search field is hidden behind its pills: click the box around them.
      await form.locator('.mantine-MultiSelect-input', { has: page.getByRole('combobox', { name: label }) }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
      await form.getByText('Recurrence', { exact: true }).click();
    };

    const lastWorkingDay = await ruleOfNew(`Month-end defrost ${stamp}`, async (form) => {
      await choose(form, 'Repeat', 'Monthly');
      await form.getByRole('radio', { name: 'A weekday of the month' }).check();
      await choose(form, 'Week', 'Last');
      for (const d of ['Tue', 'Wed', 'Thu', 'Fri']) await form.getByText(d, { exact: true }).click();
      await expect(form.getByText('The last of the chosen days in the month')).toBeVisible();
      await form.getByRole('radio', { name: 'On date' }).check();
      await form.getByLabel('End date').fill(day(56));
      await form.getByLabel('Until').fill('17:00:00');
    });
    // 17:00 in Chicago is 22:00 or 23:00 UTC, on the end date.
    expect(lastWorkingDay).toMatch(new RegExp(`^FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;UNTIL=${day(56).replaceAll('-', '')}T2[23]0000Z$`));

    const twiceAYear = await ruleOfNew(`Coil audit ${stamp}`, async (form) => {
      await choose(form, 'Repeat', 'Yearly');
      await pick(form, 'Months', 'September');
      await pick(form, 'Days', 'Last day');
      await form.getByRole('radio', { name: 'After' }).check();
      await form.getByLabel('Occurrences').fill('3');
    });
    const months = [...new Set([mondayMonth, 9])].sort((a, b) => a - b).join(',');
    expect(twiceAYear).toBe(`FREQ=YEARLY;BYMONTH=${months};BYMONTHDAY=${mondayDate},-1;COUNT=3`);

    const fortnightly = await ruleOfNew(`Filter swap ${stamp}`, async (form) => {
      await choose(form, 'Repeat', 'Weekly');
      await form.getByLabel('Every (weeks)').fill('2');
      await form.getByText('Sun', { exact: true }).click();
      await choose(form, 'Weeks start on', 'Monday');
    });
    expect(fortnightly).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=MO');
  });

  test('a save the server refuses shows its sentence, keeps the form open and creates nothing', async ({ page, request }) => {
    const day = weekOf(12);
    const task = `Refused repeat ${Date.now()}`;
    await openAs(page, 'dispatcher', `/management/dispatcher?view=week&date=${day(0)}`);
    await page.getByRole('button', { name: 'New' }).click();
    const form = page.getByRole('dialog', { name: 'New Schedule Item' });
    await form.getByLabel('Task').fill(task);
    await form.getByLabel('Start').fill(`${day(2)}T10:00`);
    await choose(form, 'Repeat', 'Weekly');
    await form.getByRole('radio', { name: 'On date' }).check();
    await form.getByLabel('End date').fill(day(-5));
    await form.getByRole('button', { name: 'Save' }).click();

    await expect(toast(page, 'The repeat rule ends before its first occurrence.')).toBeVisible();
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText(task)).toHaveCount(0);
    const token = await accessTokenOf(page);
    expect((await itemsIn(request, token, day(0), day(7))).filter((i) => i.task === task)).toEqual([]);
  });
});
