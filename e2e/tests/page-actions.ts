import { expect, test, type Locator, type Page } from '@playwright/test';

/** Next year: a date a test writes in it (a contract's start, a service due) lies ahead whatever day the test runs. */
export const NEXT_YEAR = new Date().getFullYear() + 1;

const pageOf = (scope: Page | Locator): Page => ('mainFrame' in scope ? scope : scope.page());

/**
 * Picks an option of a Mantine select inside `scope` (a page or a dialog), found by its label: typing `search` into
 * it first when it is searchable. A string names the whole option; a pattern matches an option that shows more than
 * its name (a customer with its city).
 */
export async function choose(scope: Page | Locator, label: string, option: string | RegExp, search?: string) {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  if (search) await box.fill(search);
  await pageOf(scope).getByRole('option', { name: option, exact: typeof option === 'string' }).first().click();
}

/** The box of a select-all multi-select (spec platform 5.5), named by its label and then the words it shows. */
export function multiSelectBox(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('combobox', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) });
}

/**
 * Picks (or unpicks) options of a select-all multi-select found by its label, typing `search` into its search box
 * first when given, and closes it again.
 */
export async function toggleOptions(scope: Page | Locator, label: string, options: string[], search?: string) {
  const page = pageOf(scope);
  await multiSelectBox(scope, label).click();
  for (const option of options) {
    if (search) await page.getByRole('textbox', { name: `Search ${label}` }).fill(search);
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

/**
 * A screenshot for review, in the running test's own output folder (`name`.png): of the whole page unless
 * `fullPage: false`, without the toasts that would cover the page's top. Taken only with E2E_SHOTS=1: encoding
 * 150 whole pages was a sixth of the browser tests' processor time, for pictures a person looks at only when asked.
 */
export async function shot(page: Page, name: string, { fullPage = true } = {}) {
  if (process.env.E2E_SHOTS !== '1') return;
  const hideToasts = await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
  await hideToasts.evaluate((el) => (el as HTMLElement).remove());
}

/** A photo as a phone camera would hand it over: a real JPEG, drawn by the browser. */
export async function photo(page: Page, colour: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 900;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = fill;
    ctx.fillRect(0, 0, 1200, 900);
    ctx.fillStyle = '#fff';
    ctx.fillRect(100, 100, 400, 300);
    return canvas.toDataURL('image/jpeg', 0.8);
  }, colour);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/**
 * Waits for a toast to close by itself. A toast waits while the pointer rests on it, and it lies over the dialogs'
 * buttons (bottom right) or a phone's header (top centre): the pointer goes to a corner no toast covers first.
 */
export async function toastGone(page: Page, text: string) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.mouse.move(1, size.height - 1);
  await expect(page.getByRole('alert').filter({ hasText: text })).toBeHidden();
}
