import { expect, test, type Page } from './fixtures';
import { deleteVisits, scheduleVisit } from './api';
import { settle } from './axe-check';
import { openAs } from './session';

/**
 * WCAG 2.2 AA beyond what axe can see: every control is reached and worked with the keyboard and shows where the
 * focus is; a dialog takes the focus, keeps it while open and gives it back on Escape; the calendars and boards name
 * their items for a screen reader.
 */

interface FocusStop {
  name: string;
  tag: string;
  /** The focused element is marked: an outline or a ring, or an input's border in the primary colour. */
  isMarked: boolean;
  inDialog: boolean;
}

/** Presses Tab and describes where the focus went. */
async function tab(page: Page, key = 'Tab'): Promise<FocusStop> {
  await page.keyboard.press(key);
  return page.evaluate(async () => {
    // An input's border takes the focus colour through a short transition.
    await Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined)));
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '(page)', tag: 'body', isMarked: false, inDialog: false };
    const style = getComputedStyle(el);
    const hasOutline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
    const hasRing = style.boxShadow !== 'none';
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const primaryRgb = getComputedStyle(probe).color;
    probe.remove();
    const hasPrimaryBorder = el.matches('input, textarea') && style.borderColor === primaryRgb;
    const name = el.getAttribute('aria-label') ?? el.getAttribute('title') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return { name: name || el.tagName, tag: el.tagName.toLowerCase(), isMarked: hasOutline || hasRing || hasPrimaryBorder, inDialog: Boolean(el.closest('[role="dialog"]')) };
  });
}

test.describe('keyboard', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the header, the navbar and a grid are reached with Tab, each control showing the focus', async ({ page }) => {
    await openAs(page, 'admin', '/workOrder/all');
    await settle(page);
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    const stops: FocusStop[] = [];
    for (let i = 0; i < 120; i += 1) {
      const stop = await tab(page);
      stops.push(stop);
      if (/^24\d{4}$/.test(stop.name)) break;
    }
    const names = stops.map((s) => s.name);
    for (const control of ['Toggle navigation', 'Search', 'Work status', 'Refresh status list', 'Toggle team leaders', 'AM Alicia Moreno, user menu', 'All Work Orders']) {
      expect(names, `${control} is reached with Tab`).toContain(control);
    }
    expect(names.some((n) => n.startsWith('Filter ')), 'a grid column filter is reached').toBe(true);
    expect(names.some((n) => /^24\d{4}$/.test(n)), "a work order's link in the grid is reached").toBe(true);
    expect(stops.filter((s) => !s.isMarked).map((s) => `${s.tag} ${s.name}`), 'every control shows the keyboard focus').toEqual([]);

    // A control is worked from the keyboard: the column menu opens and closes again.
    await page.getByRole('button', { name: 'Work Order # column menu' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    // The open menu takes the focus a moment after it shows; Escape is pressed there, as a keyboard user would.
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="menu"]'))), 'the open menu has the focus').toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Work Order # column menu' })).toBeFocused();
  });

  test('a dialog takes the focus, keeps it on Tab and gives it back on Escape', async ({ page }) => {
    await openAs(page, 'admin', '/contacts');
    await settle(page);
    const opener = page.getByRole('button', { name: 'Add Contact' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await settle(page);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))), 'the focus moved into the dialog').toBe(true);
    const stops: FocusStop[] = [];
    for (let i = 0; i < 25; i += 1) stops.push(await tab(page));
    for (let i = 0; i < 5; i += 1) stops.push(await tab(page, 'Shift+Tab'));
    expect(stops.filter((s) => !s.inDialog).map((s) => s.name), 'Tab and Shift+Tab stay in the dialog').toEqual([]);
    expect(stops.filter((s) => !s.isMarked).map((s) => `${s.tag} ${s.name}`), 'every control of the dialog shows the focus').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener, 'the focus is back on what opened the dialog').toBeFocused();
  });

  test('the sign-out question is asked and answered from the keyboard', async ({ page }) => {
    await openAs(page, 'tech', '/home');
    await settle(page);
    const userMenu = page.getByRole('button', { name: 'User menu' });
    await userMenu.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    // Down the menu, past the providers' login pages, to Sign out, its last item.
    const signOut = page.getByRole('menuitem', { name: 'Sign out' });
    const items = await page.getByRole('menuitem').count();
    for (let i = 0; i < items && !(await signOut.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('ArrowDown');
    await expect(signOut).toBeFocused();
    await page.keyboard.press('Enter');
    const question = page.getByRole('dialog', { name: 'Sign out' });
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'No' })).toBeVisible();
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))), 'the focus moved into the question').toBe(true);
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(userMenu, 'the focus is back on the user menu').toBeFocused();
  });
});

// In the company's time zone (America/Chicago), as its dispatchers are: the demo's visits are on the company's days, and
// the browser's own week (UTC here) is another one from Saturday evening, the company's time, to its midnight. The test
// plans a visit of a work order around now: the demo's own are in the week it was seeded, which a Sunday may have ended.
test.describe('screen readers', () => {
  test.use({ viewport: { width: 1366, height: 900 }, timezoneId: 'America/Chicago' });
  const made: number[] = [];
  test.afterEach(async ({ request }) => deleteVisits(request, made));

  test("the dispatcher board names each visit and day, and opens a visit from the keyboard", async ({ page, request }) => {
    made.push(await scheduleVisit(request, { userName: 'tech', task: 'Check the walk-in cooler door', workOrderNumber: '240017', minutesBefore: 60, hours: 2 }));
    await openAs(page, 'dispatcher', '/management/dispatcher');
    await settle(page);
    const events = page.locator('.sm-fc-event');
    expect(await events.count(), 'the demo week has visits').toBeGreaterThan(0);
    // What the box shows, in its order, then for whom and when: "9:00 – 11:00am, WO 240001 FreshMart #112 Lakewood, Tom
    // Alvarez, Wednesday, November 25"; a box that shows no time has it in words: "…, Tom Alvarez, Wednesday, November
    // 25, 9:00 AM to 11:00 AM" or "…, all day".
    const shownTime = '\\d{1,2}(:\\d{2})?([ap]m)? – \\d{1,2}(:\\d{2})?[ap]m';
    const person = '(Tom Alvarez|Priya Natarajan)';
    const day = '\\w+day, \\w+ \\d{1,2}';
    // A visit across the company's midnight names the day it ends too: "…, Sunday, November 29, 10:15 PM to Monday,
    // November 30, 12:15 AM".
    const spoken = new RegExp(`^(Appointment, )?(${shownTime}, .+, ${person}, ${day}|.+, ${person}, ${day}, (\\d{1,2}:\\d{2} [AP]M to (${day}, )?\\d{1,2}:\\d{2} [AP]M|all day))$`);
    const boxes = await events.evaluateAll((els) => els.map((e) => ({ name: e.getAttribute('aria-label') ?? '', time: e.querySelector('.sm-event-time')?.textContent ?? null })));
    for (const { name, time } of boxes) {
      expect(name).toMatch(spoken);
      // The time the box shows is the first thing its name says (WCAG 2.5.3).
      if (time) expect(name.replace(/^Appointment, /, '')).toMatch(new RegExp(`^${time}, `));
    }
    const withWorkOrder = page.getByRole('button', { name: new RegExp(`^(Appointment, )?(${shownTime}, )?WO \\d{6} .+, ${person}, `) });
    expect(await withWorkOrder.count(), 'visits of work orders are named by their work order').toBeGreaterThan(0);
    await expect(page.getByRole('columnheader', { name: /^\w+ \d{1,2}, \d{4}$/ })).toHaveCount(7);

    await withWorkOrder.first().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

// My Route shows the device's today, and a technician's phone keeps the company's time (America/Chicago), another date
// than the UTC one for several hours each night. The test plans a visit around now: the demo's own visits are on the day
// it was seeded, which the company's midnight may have left behind.
test.describe('screen readers, in the company\'s time zone', () => {
  test.use({ viewport: { width: 1366, height: 900 }, timezoneId: 'America/Chicago' });
  const made: number[] = [];
  test.afterEach(async ({ request }) => deleteVisits(request, made));

  test("the master board and the technician's route name each item by when, its work order and what", async ({ page, request }) => {
    const when = '(All day|\\d{1,2}:\\d{2} [AP]M to \\d{1,2}:\\d{2} [AP]M)';
    made.push(await scheduleVisit(request, { userName: 'tech', task: 'Check the walk-in cooler door', workOrderNumber: '240017', minutesBefore: 60, hours: 2 }));
    await openAs(page, 'leader', '/management/masterBoard');
    await settle(page);
    const items = page.getByRole('article', { name: 'Tom Alvarez' }).getByRole('listitem');
    await expect(items.first(), "Tom's day has items").toBeVisible();
    await expect(items.first()).toHaveAccessibleName(new RegExp(`^${when}, `));
    await expect(page.getByRole('article', { name: 'Tom Alvarez' }).getByRole('listitem', { name: / work order \d{6} for / }).first()).toBeVisible();

    await openAs(page, 'tech', '/techScheduledRoute');
    await settle(page);
    const stops = page.getByRole('list', { name: "Today's schedule" }).getByRole('listitem');
    await expect(stops.first(), "Tom's route has stops").toBeVisible();
    await expect(stops.first()).toHaveAccessibleName(new RegExp(`^${when}, `));
  });
});
