import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { readLabelSheet } from '../../apps/server/src/test/qr-labels';
import { choose, shot } from './page-actions';
import { openAs, signIn } from './session';

const PHONE = { width: 390, height: 844 };
const SITE = 'Cedar Springs Deli';
const PIECE = 'Deli Ice Machine';
const SERIAL = 'QR-E2E-5120';

test('the office prints a QR label; a technician scans it on a phone, signs in, lands on the piece and starts a work order there', async ({ page, browser, baseURL }) => {
  // The office registers a piece with a refrigerant charge.
  await openAs(page, 'dispatcher', '/equipments/add');
  await choose(page, 'Location', new RegExp(`^${SITE}`), 'Cedar');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(PIECE);
  await choose(page, 'Category', 'Refrigeration');
  await choose(page, 'Model', 'Excel RL-12', 'Excel');
  await page.getByRole('textbox', { name: 'Serial Number' }).fill(SERIAL);
  await choose(page, 'Refrigerant', 'R-404A', '404');
  await page.getByRole('textbox', { name: 'Full Charge (lb)' }).fill('18.75');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: SITE })).toBeVisible();

  // It prints the piece's label from the QR labels page: every piece of the location ticked at first, then only this one.
  await page.goto('/equipments');
  await page.getByRole('link', { name: 'Print QR Labels' }).click();
  await expect(page).toHaveURL(/\/equipments\/QRCode$/);
  await expect(page.getByText('Choose a location to see its equipment.')).toBeVisible();
  await choose(page, 'Location', new RegExp(`^${SITE}`), 'Cedar');
  const pieces = page.getByRole('group', { name: 'Pieces to label' });
  await expect(pieces.getByRole('checkbox', { name: PIECE })).toBeChecked();
  const all = page.getByRole('checkbox', { name: /^All pieces in service/ });
  await expect(all).toBeChecked();
  // By keyboard: untick all, then tick the new piece.
  await all.focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Print labels (0)' })).toBeDisabled();
  await pieces.getByRole('checkbox', { name: PIECE }).check();
  await shot(page, 'qr-labels-desktop');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print labels (1)' }).click()]);
  const sheet = await readLabelSheet(await readFile(await download.path()));
  expect(sheet.labels).toHaveLength(1);
  const link = sheet.labels[0].link;
  expect(link).toMatch(new RegExp(`^${baseURL!.replace(/[.]/g, '\\.')}/equipments/history\\?equipmentId=\\d+$`));
  expect(sheet.text).toContain(PIECE);
  expect(sheet.text).toContain(`S/N ${SERIAL}`);
  expect(sheet.text).toContain(SITE);
  // The page fits a phone too.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Print labels (1)' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'qr-labels-phone');

  // A technician's phone opens the link signed out: sign-in first, then the piece.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, baseURL });
  const tech = await phone.newPage();
  try {
    await tech.goto(link);
    await expect(tech).toHaveURL(/\/login$/);
    await signIn(tech, 'tech');
    await expect(tech).toHaveURL(link);
    await expect(tech.getByRole('heading', { name: `${PIECE} History` })).toBeVisible();
    for (const fact of ['Refrigeration', 'Hussmann Excel RL-12', SERIAL, 'R-404A · 18.75 lb', SITE]) await expect(tech.getByRole('main').getByText(fact, { exact: true })).toBeVisible();
    await expect(tech.getByText('No work order has named this piece yet.')).toBeVisible();
    const startHere = tech.getByRole('button', { name: 'Start work order here' });
    await expect(startHere).toBeVisible();
    expect((await startHere.boundingBox())!.width).toBeGreaterThan(300);
    expect(await tech.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(tech, 'qr-scanned-phone');

    await startHere.tap();
    const dialog = tech.getByRole('dialog', { name: 'Start work order here' });
    await expect(dialog.getByLabel('Problem')).toHaveValue(`${PIECE} (S/N ${SERIAL})`);
    await dialog.getByLabel('Problem').fill(`${PIECE} not making ice`);
    await dialog.getByRole('button', { name: 'Start work order' }).tap();
    await expect(tech).toHaveURL(/\/workOrder\/\d+\/edit$/);
    const workOrderNumber = tech.url().match(/\/workOrder\/(\d+)\/edit$/)![1];
    // The work order names the piece, and the piece's history names the work order.
    await expect(tech.getByTestId('items-equipment').getByRole('link', { name: PIECE, exact: true })).toBeVisible();
    await shot(tech, 'qr-work-order-phone');
    await tech.goto(link);
    await expect(tech.getByRole('list', { name: 'Work orders' }).getByRole('link', { name: workOrderNumber })).toBeVisible();
    await expect(tech.getByRole('list', { name: 'Work orders' })).toContainText(`${PIECE} not making ice`);
  } finally {
    await phone.close();
  }
});
