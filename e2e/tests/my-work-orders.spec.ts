import { expect, test, type Page } from './fixtures';
import { openAs, resetGridLayouts } from './session';

// tech has work orders 240001–240030, tech2 240031–240060 (demo company, spec platform 3.3 grid).
const PATH = '/workOrder/mine';
const TECH_NUMBERS = Array.from({ length: 30 }, (_, i) => String(240001 + i));

const table = (page: Page) => page.getByRole('table', { name: 'My work orders' });
const rows = (page: Page) => table(page).locator('tbody tr');
const range = (page: Page) => page.getByText(/^\d+ - \d+ of \d+$/);

/** Waits for the grid to finish loading, then answers the texts of one column's cells, top to bottom. */
async function columnTexts(page: Page, field: string): Promise<string[]> {
  await expect(table(page)).toHaveAttribute('aria-busy', 'false');
  return table(page).evaluate((el, f) => {
    const headers = [...el.querySelectorAll('thead th')];
    const index = headers.findIndex((th) => th.getAttribute('data-field') === f);
    if (index < 0) throw new Error(`no column ${f}`);
    return [...el.querySelectorAll('tbody tr')].map((tr) => tr.children[index]?.textContent?.trim() ?? '');
  }, field);
}

async function choosePageSize(page: Page, size: number) {
  await page.getByRole('combobox', { name: 'Page size' }).click();
  await page.getByRole('option', { name: `${size} / page` }).click();
}

async function filterColumn(page: Page, title: string, value: string, operator?: string) {
  await page.getByRole('button', { name: `Filter ${title}` }).click();
  const form = page.getByRole('form', { name: `Filter ${title}` });
  if (operator) {
    await form.getByRole('combobox', { name: 'Operator' }).click();
    await page.getByRole('option', { name: operator }).click();
  }
  await form.getByLabel('Value').fill(value);
  await form.getByRole('button', { name: 'Apply' }).click();
}

const sortButton = (page: Page) => table(page).getByRole('button', { name: 'Work Order #', exact: true });
const numberHeader = (page: Page) => table(page).locator('th[data-field="workOrderNumber"]');

test.describe('my work orders grid (desktop)', () => {
  test.beforeEach(async ({ page }) => {
    await openAs(page, 'tech', '/home');
    await resetGridLayouts(page, 'myWorkOrders');
    await page.goto(PATH);
    await expect(rows(page)).toHaveCount(25);
  });

  test('shows 25 of 30 newest first, and the next page shows the last 5', async ({ page }) => {
    await expect(range(page)).toHaveText('1 - 25 of 30');
    expect((await columnTexts(page, 'workOrderNumber'))[0]).toBe('240030');
    await expect(numberHeader(page)).toHaveAttribute('aria-sort', 'descending');

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(rows(page)).toHaveCount(5);
    await expect(range(page)).toHaveText('26 - 30 of 30');
    expect(await columnTexts(page, 'workOrderNumber')).toEqual(['240005', '240004', '240003', '240002', '240001']);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  test('page size 50 shows all 30', async ({ page }) => {
    await choosePageSize(page, 50);
    await expect(rows(page)).toHaveCount(30);
    await expect(range(page)).toHaveText('1 - 30 of 30');
    await expect(page.getByRole('combobox', { name: 'Page size' })).toHaveValue('50 / page');
  });

  test('clicking the Work Order # header sorts ascending, clicking again descending', async ({ page }) => {
    await sortButton(page).click();
    await expect(numberHeader(page)).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows(page).first().locator('td').first()).toHaveText('240001');
    const ascending = await columnTexts(page, 'workOrderNumber');
    expect(ascending).toEqual(TECH_NUMBERS.slice(0, 25));

    await sortButton(page).click();
    await expect(numberHeader(page)).toHaveAttribute('aria-sort', 'descending');
    await expect(rows(page).first().locator('td').first()).toHaveText('240030');
  });

  test('a Customer contains filter narrows the rows to matching customers', async ({ page }) => {
    await filterColumn(page, 'Customer', 'FreshMart');
    await expect(page.getByRole('button', { name: 'Filter Customer' })).toHaveAttribute('aria-pressed', 'true');
    await expect(range(page)).not.toHaveText('1 - 25 of 30');
    const [, shown, total] = /^\d+ - (\d+) of (\d+)$/.exec((await range(page).textContent()) ?? '') ?? [];
    expect(Number(total)).toBeGreaterThan(0);
    expect(Number(total)).toBeLessThan(30);
    const customers = await columnTexts(page, 'customerName');
    expect(customers).toHaveLength(Number(shown));
    for (const customer of customers) expect(customer).toContain('FreshMart');

    await page.getByRole('button', { name: /Clear filters/ }).click();
    await expect(range(page)).toHaveText('1 - 25 of 30');
  });

  test('the grid request is remembered after a reload, per user', async ({ page }) => {
    await choosePageSize(page, 50);
    await sortButton(page).click();
    await expect(numberHeader(page)).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows(page)).toHaveCount(30);

    await page.reload();
    await expect(rows(page)).toHaveCount(30);
    await expect(numberHeader(page)).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByRole('combobox', { name: 'Page size' })).toHaveValue('50 / page');
    expect((await columnTexts(page, 'workOrderNumber'))[0]).toBe('240001');
    const savedKeys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sm.grid.myWorkOrders.')));
    expect(savedKeys.some((k) => /^sm\.grid\.myWorkOrders\.\d+\.request$/.test(k))).toBe(true);

    // Another user in the same browser starts from the defaults, and tech's choice survives the visit.
    await openAs(page, 'tech2', PATH);
    await expect(rows(page)).toHaveCount(25);
    await expect(numberHeader(page)).toHaveAttribute('aria-sort', 'descending');
    // Newest first: tech2's last demo work order, or the visit the daily preventive-maintenance run wrote for him since.
    const numbers = await columnTexts(page, 'workOrderNumber');
    expect(numbers).toEqual([...numbers].sort().reverse());
    expect(Number(numbers[0])).toBeGreaterThanOrEqual(240060);
    await openAs(page, 'tech', PATH);
    await expect(rows(page)).toHaveCount(30);
    await expect(numberHeader(page)).toHaveAttribute('aria-sort', 'ascending');
  });

  test('Reset layout restores the default sort, page size, filters and widths', async ({ page }) => {
    const resize = page.getByRole('separator', { name: 'Resize Problem' });
    const defaultWidth = await resize.getAttribute('aria-valuenow');
    await resize.focus();
    await resize.press('ArrowRight');
    await resize.press('ArrowRight');
    await expect(resize).toHaveAttribute('aria-valuenow', String(Number(defaultWidth) + 20));
    await choosePageSize(page, 50);
    await sortButton(page).click();
    await filterColumn(page, 'Customer', 'FreshMart');
    await expect(range(page)).not.toHaveText(/of 30$/);

    await page.getByRole('button', { name: 'Reset layout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset layout' });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog).toBeHidden();

    await expect(range(page)).toHaveText('1 - 25 of 30');
    await expect(rows(page)).toHaveCount(25);
    await expect(numberHeader(page)).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('combobox', { name: 'Page size' })).toHaveValue('25 / page');
    await expect(page.getByRole('button', { name: /Clear filters/ })).toHaveCount(0);
    await expect(resize).toHaveAttribute('aria-valuenow', defaultWidth ?? '');
    expect((await columnTexts(page, 'workOrderNumber'))[0]).toBe('240030');
  });

  test("tech never sees tech2's work orders", async ({ page }) => {
    await choosePageSize(page, 100);
    await expect(rows(page)).toHaveCount(30);
    expect((await columnTexts(page, 'workOrderNumber')).sort()).toEqual(TECH_NUMBERS);

    await filterColumn(page, 'Work Order #', '240045', 'Equals');
    await expect(table(page).getByText('No records found')).toBeVisible();
    await expect(range(page)).toHaveText('0 - 0 of 0');
  });

  test('a work order number opens its page', async ({ page }) => {
    await table(page).getByRole('link', { name: '240030' }).click();
    await expect(page).toHaveURL(/\/workOrder\/240030\/edit$/);
    await expect(page.getByRole('heading', { name: 'Work Order 240030' })).toBeVisible();
  });
});

test.describe('my work orders grid (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  const cards = (page: Page) => page.getByRole('list', { name: 'My work orders' }).getByRole('listitem');
  const cardNumbers = (page: Page) => cards(page).locator('[data-field="workOrderNumber"]');

  test.beforeEach(async ({ page }) => {
    await openAs(page, 'tech', '/home');
    await resetGridLayouts(page, 'myWorkOrders');
    await page.goto(PATH);
    await expect(cards(page)).toHaveCount(25);
  });

  test('rows show as cards with the whole problem text and no sideways scroll', async ({ page }) => {
    await expect(page.getByRole('table')).toHaveCount(0);
    const first = cards(page).first();
    await expect(first).toContainText('240030');
    for (const label of ['Status', 'Customer', 'Problem', 'Address', 'Created']) {
      await expect(first.getByText(label, { exact: true })).toBeVisible();
    }

    // The longest demo problem wraps inside its card instead of being cut off.
    const problem = page.getByText('Walk-in cooler not holding temperature, reading 48°F').first();
    await problem.scrollIntoViewIfNeeded();
    await expect(problem).toBeVisible();
    const fit = await problem.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const card = el.closest('li')!.getBoundingClientRect();
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
      return { clipped: el.scrollWidth > el.clientWidth, inside: box.right <= card.right, lines: Math.round(box.height / lineHeight) };
    });
    expect(fit.clipped).toBe(false);
    expect(fit.inside).toBe(true);
    expect(fit.lines).toBeGreaterThanOrEqual(2);

    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
  });

  test('sorting, filtering and paging are reachable on a phone', async ({ page }) => {
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Work Order #');
    await page.getByRole('button', { name: 'Sort direction: descending' }).click();
    await expect(cardNumbers(page).first()).toContainText('240001');

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(cards(page)).toHaveCount(5);
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(cards(page)).toHaveCount(25);

    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('button', { name: 'Customer' }).click();
    await drawer.getByRole('form', { name: 'Filter Customer' }).getByLabel('Value').fill('FreshMart');
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await expect(drawer).toBeHidden();
    await expect(range(page)).not.toHaveText(/of 30$/);
    await expect(page.getByRole('list', { name: 'My work orders' })).toHaveAttribute('aria-busy', 'false');
    const customers = await cards(page).locator('[data-field="customerName"] dd').allTextContents();
    expect(customers.length).toBeGreaterThan(0);
    for (const customer of customers) expect(customer).toContain('FreshMart');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(range(page)).toHaveText('1 - 25 of 30');
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
  });
});
