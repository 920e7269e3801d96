import { expect, test, type Page } from './fixtures';
import { choose, shot } from './page-actions';
import { openAs } from './session';

const PHONE = { width: 390, height: 844 };
const SITE = 'Cedar Springs Deli';
const PIECE = 'Deli Walk-in Cooler';
const SERIAL = 'HX-E2E-4471';

test.describe.configure({ mode: 'serial' });

const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

test('the office registers equipment with a refrigerant charge, names it on a work order and reads it in the history', async ({ page }) => {
  await openAs(page, 'dispatcher', '/equipments');
  await expect(page.getByRole('heading', { name: 'Equipment', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Equipment' }).getByRole('link', { name: 'Walk-in Cooler' }).first()).toBeVisible();
  await shot(page, 'grid-desktop');

  await page.getByRole('link', { name: 'Add Equipment' }).click();
  await expect(page).toHaveURL(/\/equipments\/add$/);
  // The first failing rule is shown before anything is sent.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Location field is required!').first()).toBeVisible();

  await choose(page, 'Location', new RegExp(`^${SITE}`), 'Cedar');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(PIECE);
  await choose(page, 'Category', 'Refrigeration');
  await choose(page, 'Model', 'Excel RL-12', 'Excel');
  // Choosing the model fills its make.
  await expect(page.getByRole('textbox', { name: 'Make' }).or(page.getByRole('combobox', { name: 'Make' }))).toHaveValue('Hussmann');
  await page.getByRole('textbox', { name: 'Serial Number' }).fill(SERIAL);
  await choose(page, 'Refrigerant', 'R-404A', '404');
  await page.getByRole('textbox', { name: 'Full Charge (lb)' }).fill('40.5');
  await choose(page, 'Voltage', '208-230V/3ph');
  await page.getByLabel('Installed On').fill('2023-05-02');
  await shot(page, 'add-desktop');
  await page.getByRole('button', { name: 'Save' }).click();

  // Back on the location's page, the piece is listed with its charge.
  await expect(page.getByRole('heading', { name: SITE })).toBeVisible();
  const section = page.getByRole('region', { name: /^Equipment/ });
  await expect(section.getByRole('link', { name: PIECE, exact: true })).toBeVisible();
  await expect(section).toContainText('R-404A · 40.5 lb');
  await expect(section).toContainText(SERIAL);

  // A work order at the location names it.
  await page.getByRole('link', { name: 'New Work Order' }).click();
  await page.getByLabel('Problem').fill('Walk-in cooler not holding temperature');
  await page.getByRole('button', { name: 'Create Work Order' }).click();
  await expect(page).toHaveURL(/\/workOrder\/\d+\/edit$/);
  const workOrderNumber = page.url().match(/\/workOrder\/(\d+)\/edit$/)![1];
  const onWorkOrder = page.getByTestId('items-equipment');
  await expect(onWorkOrder.getByText('No equipment named yet.')).toBeVisible();
  await choose(onWorkOrder, 'Add equipment at this location', new RegExp(`^${PIECE}`));
  await onWorkOrder.getByRole('button', { name: 'Add' }).click();
  await expect(onWorkOrder.getByRole('list', { name: 'Equipment on this work order' }).getByRole('link', { name: PIECE, exact: true })).toBeVisible();
  await shot(page, 'work-order-desktop');

  // Its history shows the work order.
  await onWorkOrder.getByRole('link', { name: PIECE, exact: true }).click();
  await expect(page).toHaveURL(/\/equipments\/history\?equipmentId=\d+$/);
  await expect(page.getByRole('heading', { name: `${PIECE} History` })).toBeVisible();
  const history = page.getByRole('table', { name: 'Work orders' });
  await expect(history.getByRole('link', { name: workOrderNumber })).toBeVisible();
  await expect(history).toContainText('Walk-in cooler not holding temperature');
  await expect(page.getByText('R-404A · 40.5 lb')).toBeVisible();
  await shot(page, 'history-desktop');

  // On a phone: the register as cards, the history as cards, nothing wider than the screen.
  const historyUrl = page.url();
  await page.setViewportSize(PHONE);
  await page.goto('/equipments');
  await page.getByRole('textbox', { name: 'Search' }).fill(SERIAL);
  const cards = page.getByRole('list', { name: 'Equipment' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards).toContainText(PIECE);
  await noSideScroll(page);
  await shot(page, 'grid-phone');
  await page.goto(historyUrl);
  await expect(page.getByRole('list', { name: 'Work orders' }).getByRole('link', { name: workOrderNumber })).toBeVisible();
  await noSideScroll(page);
  await shot(page, 'history-phone');
});
