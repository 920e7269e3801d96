import { expect, test, type Page } from './fixtures';
import { choose, shot } from './page-actions';
import { openAs } from './session';
import { drawOn } from './signature';

// tech has work orders 240001–240030; no other test adds to 240012. The tests run in order: the technician adds and
// the customer signs on a phone, then the dispatcher reads it all at a desktop, then an administrator deletes.
const WORK_ORDER = '240012';
const EDIT = `/workOrder/${WORK_ORDER}/edit`;
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });

const section = (page: Page, name: string) => page.getByTestId(`items-${name}`);

test('a technician on a phone adds a material and a standard item, and the customer signs', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openAs(page, 'tech', EDIT);
  const materials = section(page, 'materials');
  await expect(materials.getByText('No materials yet.')).toBeVisible();
  await expect(section(page, 'customer-signature').getByText('Not signed yet.')).toBeVisible();
  // A technician may add, but not delete what is on a work order.
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  await materials.getByRole('link', { name: 'Add Material' }).click();
  await expect(page).toHaveURL(new RegExp(`/workOrder/${WORK_ORDER}/material/add$`));
  await expect(page.getByRole('heading', { name: 'Add Material' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Material Status field is required!').first()).toBeVisible();
  await choose(page, 'Material Status', 'Incurred');
  await page.getByLabel('Part Number').fill('F-10');
  await page.getByLabel('Description').fill('Control fuse 10 A');
  const quantity = page.getByRole('textbox', { name: 'Quantity' });
  await expect(quantity).toHaveAttribute('inputmode', 'decimal');
  await expect(page.getByRole('textbox', { name: 'Unit Cost' })).toHaveAttribute('inputmode', 'decimal');
  await quantity.fill('3');
  await page.getByRole('textbox', { name: 'Unit Cost' }).fill('0.10');
  await expect(page.getByTestId('material-line-total')).toHaveText('$0.30');
  await page.getByRole('textbox', { name: 'Markup %' }).fill('50');
  await expect(page.getByTestId('material-line-total')).toHaveText('$0.45');
  await page.getByRole('textbox', { name: 'Markup %' }).fill('0');
  await expect(page.getByTestId('material-line-total')).toHaveText('$0.30');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'material-add-phone');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(new RegExp(`${EDIT}$`));
  await expect(materials.getByTestId('material-row')).toHaveCount(1);
  await expect(materials.getByTestId('material-row')).toContainText('Control fuse 10 A');
  await expect(page.getByTestId('materials-total')).toHaveText('$0.30');

  const standard = section(page, 'standard-items');
  await standard.getByRole('link', { name: 'Add Standard Item' }).click();
  await expect(page).toHaveURL(new RegExp(`/workOrder/${WORK_ORDER}/standardItems/add$`));
  await expect(page.getByRole('heading', { name: 'Add Standard Item', exact: true })).toBeVisible();
  await choose(page, 'Standard Item', 'Toll (amount typed)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Toll amount field is required!').first()).toBeVisible();
  await choose(page, 'Standard Item', 'Trip Charge — $85.00');
  await expect(page.getByRole('textbox', { name: 'Toll amount' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await expect(page.getByTestId('standard-item-line-total')).toHaveText('$170.00');
  await shot(page, 'standard-item-add-phone');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${EDIT}$`));
  await expect(standard.getByTestId('standard-item-row')).toContainText('Trip Charge');
  await expect(page.getByTestId('standard-items-total')).toHaveText('$170.00');
  await expect(page.getByTestId('items-grand-total')).toHaveText('$170.30');

  await section(page, 'customer-signature').getByRole('link', { name: 'Get Signature' }).click();
  await expect(page).toHaveURL(new RegExp(`/workOrder/${WORK_ORDER}/sign$`));
  const pad = page.getByRole('img', { name: 'Signature pad' });
  const save = page.getByRole('button', { name: 'Save' });
  await expect(pad).toBeVisible();
  expect((await pad.boundingBox())!.width).toBe(300);
  await expect(save).toBeDisabled();
  await drawOn(page, pad, [[0.1, 0.6], [0.3, 0.3], [0.5, 0.7]]);
  await expect(save).toBeEnabled();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(save).toBeDisabled();
  await drawOn(page, pad, [[0.1, 0.6], [0.2, 0.3], [0.3, 0.7], [0.45, 0.35], [0.6, 0.65], [0.85, 0.4]]);
  await save.click();
  await expect(page.getByText('Signer Name field is required!').first()).toBeVisible();
  await page.getByLabel('Signer Name').fill('Maria Garcia');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'sign-phone');
  await save.click();

  await expect(page).toHaveURL(new RegExp(`${EDIT}$`));
  const signature = section(page, 'customer-signature').getByRole('img', { name: 'Signature of Maria Garcia' });
  await expect(signature).toBeVisible();
  await expect.poll(() => signature.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([300, 200]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await section(page, 'materials').scrollIntoViewIfNeeded();
  await shot(page, 'work-order-phone');

  await section(page, 'survey-jobs').getByRole('link', { name: 'Add Survey Job' }).click();
  await expect(page.getByRole('heading', { name: 'Add Survey Job' })).toBeVisible();
  await shot(page, 'survey-job-add-phone');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`${EDIT}$`));
  await section(page, 'standard-items').getByRole('link', { name: 'Add Rate Sheet Item' }).click();
  await expect(page.getByRole('heading', { name: 'Add Rate Sheet Item' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Rate Sheet Item' }).or(page.getByText('No rate sheet items'))).toBeVisible();
  await shot(page, 'rate-sheet-item-add-phone');
});

test('a dispatcher at a desktop sees the items, their totals and the signature, without Delete', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, 'dispatcher', EDIT);
  const row = page.getByRole('table', { name: 'Materials' }).getByTestId('material-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Incurred');
  await expect(row).toContainText('F-10');
  await expect(row).toContainText('$0.30');
  await expect(row).toContainText('$0.10');
  await expect(page.getByTestId('materials-total')).toHaveText('$0.30');
  await expect(page.getByTestId('standard-items-total')).toHaveText('$170.00');
  await expect(page.getByTestId('items-grand-total')).toHaveText('$170.30');
  await expect(page.getByRole('img', { name: 'Signature of Maria Garcia' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  // Each page is read once its heading shows: until its code has loaded, the work order page is still on screen.
  await section(page, 'jobs').getByRole('link', { name: 'Add Job' }).click();
  await expect(page.getByRole('heading', { name: 'Add Job', exact: true })).toBeVisible();
  await page.getByLabel('Title').fill('Replace door gaskets');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(section(page, 'jobs').getByTestId('job-row')).toContainText('Replace door gaskets');
  await section(page, 'jobs').getByRole('checkbox', { name: 'Replace door gaskets' }).check();
  await expect(section(page, 'jobs').getByRole('checkbox', { name: 'Replace door gaskets' })).toBeChecked();
  await section(page, 'survey-jobs').getByRole('link', { name: 'Add Survey Job' }).click();
  await expect(page.getByRole('heading', { name: 'Add Survey Job', exact: true })).toBeVisible();
  await page.getByLabel('Title').fill('Roof units survey');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(section(page, 'survey-jobs').getByTestId('survey-job-row')).toContainText('Roof units survey');

  // The work order page has a box "Add equipment at this location": the task list's is named exactly.
  await section(page, 'equipment-tasks').getByRole('link', { name: 'Equipment Task List' }).click();
  await expect(page.getByRole('heading', { name: 'Equipment Task List', exact: true })).toBeVisible();
  const equipment = page.getByRole('combobox', { name: 'Equipment', exact: true });
  await equipment.fill('Walk-in cooler');
  await page.getByRole('textbox', { name: 'Task', exact: true }).fill('Clean condenser coil');
  await expect(equipment).toHaveValue('Walk-in cooler');
  await page.getByRole('button', { name: 'Add Task' }).click();
  await expect(page.getByText('Task added.')).toBeVisible();
  await expect(page.getByTestId('equipment-task')).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Task' })).toHaveValue('');
  await page.getByRole('textbox', { name: 'Task' }).fill('Check door heater');
  await page.getByRole('button', { name: 'Add Task' }).click();
  await expect(page.getByTestId('equipment-task')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Clean condenser coil' }).check();
  await expect(page.getByText(/^Done by /)).toBeVisible();
  await shot(page, 'equipment-task-list-desktop');
  await page.getByRole('link', { name: `Work Order ${WORK_ORDER}` }).click();
  await expect(page.getByTestId('equipment-tasks-done')).toHaveText('1 of 2 done');
  await section(page, 'materials').scrollIntoViewIfNeeded();
  await shot(page, 'work-order-desktop');
});

test('an administrator deletes a material after confirming, and the totals follow', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, 'admin', EDIT);
  const deleteFuse = page.getByRole('button', { name: 'Delete material "Control fuse 10 A"' });
  await deleteFuse.click();
  const confirmDialog = page.getByRole('dialog', { name: 'Please Confirm' });
  await expect(confirmDialog).toContainText('Delete material "Control fuse 10 A"?');
  await confirmDialog.getByRole('button', { name: 'No' }).click();
  await expect(page.getByTestId('materials-total')).toHaveText('$0.30');
  await deleteFuse.click();
  await page.getByRole('dialog', { name: 'Please Confirm' }).getByRole('button', { name: 'Yes' }).click();
  await expect(section(page, 'materials').getByText('No materials yet.')).toBeVisible();
  await expect(page.getByTestId('items-grand-total')).toHaveText('$170.00');
});
