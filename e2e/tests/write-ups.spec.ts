import { expect, test, type Page } from './fixtures';
import { shot, toastGone } from './page-actions';
import { expectNotices, noticesLive, openAs } from './session';

const WORK_ORDER = '240007';
const PHONE = { width: 390, height: 844 };

/** Opens the technician's notices, dismisses the write-up and sees nothing left. */
async function dismissOnPhone(tech: Page, text: string) {
  await tech.getByRole('button', { name: 'Notices: 1 waiting' }).click();
  const drawer = tech.getByRole('dialog', { name: 'Notices' });
  const card = drawer.getByRole('article', { name: 'Write-up of Tom Alvarez' });
  await expect(card).toContainText(text);
  await card.getByRole('button', { name: 'Dismiss' }).click();
  await expect(drawer.getByText('No notices waiting.')).toBeVisible();
  await tech.keyboard.press('Escape');
  await expectNotices(tech, 'none waiting');
}

test('a team leader writes a technician up from a work order; he sees it live on his phone and dismisses it; a change shows it to him again', async ({ browser, page }) => {
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, baseURL: test.info().project.use.baseURL });
  const tech = await phone.newPage();
  await openAs(tech, 'tech', '/workOrder/mine');
  await expectNotices(tech, 'none waiting');
  await noticesLive(tech);

  // Nothing the work order page asks for in the background is refused to a team leader (a refusal signs him out).
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await openAs(page, 'leader', `/workOrder/${WORK_ORDER}/edit`);
  await page.getByRole('region', { name: 'Flag Reminders' }).getByRole('button', { name: 'Write Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write Up' });
  await expect(dialog).toContainText(`About work order ${WORK_ORDER}`);
  await dialog.getByRole('button', { name: 'Write Up' }).click();
  await expect(dialog.getByText('Employee field is required!')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Employee' }).fill('Tom');
  await page.getByRole('option', { name: 'Tom Alvarez' }).click();
  await dialog.getByRole('combobox', { name: 'Flag' }).click();
  await page.getByRole('option', { name: 'Safety Concern' }).click();
  await dialog.getByRole('textbox', { name: 'Write-Up Description' }).fill('Opened the panel without locking out the compressor.');
  await shot(page, 'dialog', { fullPage: false });
  // The technician's page is not touched: the hub brings the toast, watched from before the write-up (it lasts 5 s).
  const toast = expect(tech.getByText('A write-up of Tom Alvarez')).toBeVisible();
  await dialog.getByRole('button', { name: 'Write Up' }).click();
  await expect(page.getByText('Tom Alvarez was written up and notified.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await toast;
  await toastGone(tech, 'A write-up of Tom Alvarez');
  await expectNotices(tech, '1 waiting');
  await tech.getByRole('button', { name: 'Notices: 1 waiting' }).click();
  const card = tech.getByRole('dialog', { name: 'Notices' }).getByRole('article', { name: 'Write-up of Tom Alvarez' });
  await expect(card).toContainText(`Work order ${WORK_ORDER} · Safety Concern`);
  await expect(card).toContainText('By Marcus Reed');
  expect(await tech.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(tech, 'phone-drawer', { fullPage: false });
  await tech.keyboard.press('Escape');
  await dismissOnPhone(tech, 'without locking out the compressor');

  // The managers' grid shows it dismissed; the leader changes it, and the technician is shown it again.
  await page.goto('/management/writeUps');
  const grid = page.getByRole('table', { name: 'Write-ups' });
  const row = grid.getByRole('row').filter({ hasText: 'without locking out the compressor' });
  await expect(row).toContainText('Dismissed');
  await expect(row).toContainText(WORK_ORDER);
  await shot(page, 'grid', { fullPage: false });
  await row.getByRole('button', { name: /^Change the write-up of Tom Alvarez/ }).click();
  const change = page.getByRole('dialog', { name: 'Change Write-Up' });
  await expect(change.getByRole('combobox', { name: 'Employee' })).toBeDisabled();
  await change.getByRole('textbox', { name: 'Write-Up Description' }).fill('Opened the live panel without locking out the compressor, twice.');
  const again = expect(tech.getByText('A write-up of Tom Alvarez')).toBeVisible();
  await change.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('The write-up of Tom Alvarez was changed; it is shown to them again.')).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: 'the live panel' })).toContainText('Open');
  await again;
  await toastGone(tech, 'A write-up of Tom Alvarez');
  await expectNotices(tech, '1 waiting');
  await dismissOnPhone(tech, 'the live panel');
  await phone.close();
  expect(refused).toEqual([]);
});
