import { expect, test, type Locator, type Page } from './fixtures';
import { multiSelectBox } from './page-actions';
import { openAs } from './session';

// Spec platform 2.5, 5.5, 5.6 and 9, clock 9: the select-all multi-select, number and money boxes, text areas, the one
// date format, the debounce of forms and searches, popups and the providers' login links.

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/;

/**
 * Types `text` into `box` a key at a time and answers how many pauses of the typing were long enough for a debounced
 * form to act (the gaps between keys of 150 ms or more, read in the page: half the debounce, as a busy machine may also
 * render a key late). A busy machine stretches some gaps: the test allows one request per such pause and one at the end,
 * where a form that is not debounced asks at every key.
 */
async function typeCountingPauses(box: Locator, text: string): Promise<number> {
  await box.evaluate((el) => {
    const times: number[] = [];
    (window as unknown as { keyTimes: number[] }).keyTimes = times;
    el.addEventListener('keydown', () => times.push(performance.now()));
  });
  await box.pressSequentially(text, { delay: 40 });
  const times = await box.page().evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes);
  return times.slice(1).filter((t, i) => t - times[i]! >= 150).length;
}

/** A screenshot for review in the test's own output folder. */
const look = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

test.describe('form controls on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('the work statuses filter of the master board picks all, some or none, from the mouse and the keyboard', async ({ page }) => {
    await openAs(page, 'leader', '/management/masterBoard');
    const box = multiSelectBox(page, 'Work statuses');
    await expect(box).toHaveText('Any status');
    await box.click();
    const options = page.getByRole('listbox', { name: 'Work statuses' }).getByRole('option');
    await expect(options.first()).toHaveText('Select all');
    const total = (await options.count()) - 1;
    expect(total).toBeGreaterThan(1);
    await options.first().click();
    await expect(box).toHaveText(`All (${total}) selected`);
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await look(page, 'multi-select-desktop');
    await options.nth(1).click();
    await expect(box).toHaveText(`${total - 1} / ${total} selected`);
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'false');
    await expect(options.first()).toHaveAttribute('aria-selected', 'false');
    // "Select all" again takes every one, and once more none.
    await options.first().click();
    await expect(box).toHaveText(`All (${total}) selected`);
    await options.first().click();
    await expect(box).toHaveText('Any status');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Work statuses' })).toBeHidden();

    // From the keyboard: Enter opens it on "Select all", the arrows move, Enter picks, Escape closes.
    await box.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox', { name: 'Work statuses' })).toBeVisible();
    const status = (await options.nth(1).textContent())?.trim() ?? '';
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(box).toHaveText(`1 / ${total} selected`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Work statuses' })).toBeHidden();
    await expect(box).toBeFocused();

    // One status picked: the board shows only the technicians in it, or says that nobody matches.
    const shown = await page.getByTestId('technician-status').allTextContents();
    if (shown.length === 0) await expect(page.getByText('Nobody matches these filters.')).toBeVisible();
    for (const s of shown) expect(s.trim()).toBe(status);
  });

  test('a money box strips leading zeros, a number box stops at 0 and a text area shows 4 rows', async ({ page }) => {
    await openAs(page, 'admin', '/customer/add');
    const credit = page.getByRole('textbox', { name: 'Credit Limit' });
    await credit.fill('007.5');
    await credit.blur();
    await expect(credit).toHaveValue('$7.50');
    const radius = page.getByRole('textbox', { name: 'Site Radius (metres)' });
    await radius.fill('-25');
    await radius.blur();
    await expect(radius).toHaveValue('0');
    const rows = await page.getByRole('textbox', { name: 'Notes' }).evaluate((el) => {
      const style = getComputedStyle(el);
      const inner = el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      return Math.round(inner / parseFloat(style.lineHeight));
    });
    expect(rows).toBe(4);
  });

  test('dates and times read MM/dd/yyyy hh:mm on the pages', async ({ page }) => {
    await openAs(page, 'admin', '/workOrder/all');
    const created = page.getByRole('table', { name: /work orders/i }).getByRole('row').nth(1).getByRole('cell').filter({ hasText: /\d{2}\/\d{2}\/\d{4}/ });
    await expect(created.first()).toHaveText(DATE_TIME);
  });

  test('a search asks the server once typing pauses, not at every key', async ({ page }) => {
    await openAs(page, 'admin', '/home');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/Search/records')) asked.push(new URL(r.url()).searchParams.get('q') ?? '');
    });
    const search = page.getByRole('combobox', { name: 'Search' });
    await search.click();
    const pauses = await typeCountingPauses(search, 'freshmart');
    await expect.poll(() => asked.at(-1)).toBe('freshmart');
    await expect(page.getByRole('option').first()).toBeVisible();
    // Eight keys after the search became possible: a debounced box asks once, and once more for each pause mid-word.
    expect(asked.length).toBeLessThanOrEqual(1 + pauses);
  });

  test('an invoice preview follows what is typed in a form once typing pauses', async ({ page }) => {
    await openAs(page, 'admin', '/workOrder/240016/edit');
    const section = page.getByTestId('invoice-section');
    await expect(section.getByTestId('preview-total')).toBeVisible();
    const freights: number[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/Invoice/preview') && r.method() === 'POST') {
        const body = r.postDataJSON() as { freight?: number } | null;
        if (body?.freight) freights.push(body.freight);
      }
    });
    const freight = section.getByRole('textbox', { name: 'Freight' });
    await freight.click();
    const pauses = await typeCountingPauses(freight, '1234');
    await expect.poll(() => freights.at(-1)).toBe(1234);
    // Typed 1, 12, 123, 1234: without the pause each would be asked for.
    expect(freights.length).toBeLessThanOrEqual(1 + pauses);
  });

  test('a PDF opens in a 500 by 500 resizable popup without a toolbar', async ({ page }) => {
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      (window as unknown as { opened: string[] }).opened = [];
      window.open = (url?: string | URL, target?: string, features?: string) => {
        (window as unknown as { opened: string[] }).opened.push(features ?? '');
        return open(url, target, features);
      };
    });
    await openAs(page, 'admin', '/customizeTemplate/invoiceTemplate');
    const popup = page.waitForEvent('popup');
    await page.getByRole('form', { name: 'Invoice template' }).getByRole('button', { name: 'Preview PDF' }).click();
    await popup;
    const features = await page.evaluate(() => (window as unknown as { opened: string[] }).opened);
    expect(features).toHaveLength(1);
    expect(features[0]).toMatch(/(^|,)width=500(,|$)/);
    expect(features[0]).toMatch(/(^|,)height=500(,|$)/);
    expect(features[0]).toMatch(/(^|,)resizable=yes(,|$)/);
    expect(features[0]).toMatch(/(^|,)toolbar=no(,|$)/);
  });
});

const LOGIN_PAGES = [
  ['ServiceChannel login', 'https://login.servicechannel.com/'],
  ['ecotrak login', 'https://app.ecotrak.com/'],
  ['Corrigo login', 'https://login.corrigo.com/'],
] as const;

/** The three login pages as links that open a new tab without a way back to this one. */
async function expectLoginLinks(scope: Locator, role: 'link' | 'menuitem') {
  for (const [name, href] of LOGIN_PAGES) {
    const link = scope.getByRole(role, { name: `${name}, opens in a new tab` });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
}

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test.describe(`provider login links on a ${size}`, () => {
    test.use({ viewport });

    test('the user menu and the provider settings page link to the three login pages in a new tab', async ({ page }) => {
      await openAs(page, 'admin', '/third-party/corrigo');
      await expectLoginLinks(page.getByRole('group', { name: 'Provider login pages' }), 'link');
      await look(page, `provider-settings-${size}`);

      await page.getByRole('button', { name: 'User menu' }).click();
      await expectLoginLinks(page.getByRole('menu'), 'menuitem');
      await look(page, `user-menu-${size}`);
    });

    test('the select-all multi-select reads its words in the box', async ({ page }) => {
      await openAs(page, 'leader', '/management/masterBoard');
      const box = multiSelectBox(page, 'Work statuses');
      await box.click();
      await page.getByRole('option', { name: 'Select all' }).click();
      await expect(box).toHaveText(/^All \(\d+\) selected$/);
      await look(page, `master-board-${size}`);
    });
  });
}
