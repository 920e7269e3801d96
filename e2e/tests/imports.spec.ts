import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { shot } from './page-actions';
import { openAs } from './session';

const PHONE = { width: 390, height: 844 };

test('an administrator imports customers from a CSV with two bad rows, reads the preview, imports and downloads the report', async ({ page }) => {
  const run = Date.now().toString(36);
  const rows = [
    'External ID,Name,Address,City,State,Zip,Phone,Location Name,Location Address,Location City,Location State,Location Zip',
    ...Array.from({ length: 48 }, (_, i) => `E2E-${run}-${i + 1},Imported Diner ${run} ${i + 1},${i + 1} Main St,Dallas,TX,75201,214-555-0100,Kitchen,${i + 1} Elm St,Dallas,TX,75201`),
    `E2E-${run}-bad1,,9 Oak St,Dallas,TX,75201,,,,,,`,
    `E2E-${run}-bad2,Bad Zip Cafe ${run},9 Oak St,Dallas,TX,752,,,,,,`,
  ];
  await openAs(page, 'admin', '/customer');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import customers' });
  await expect(dialog.getByText('External ID, Name')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n')) });
  await dialog.getByRole('button', { name: 'Preview' }).click();

  await expect(dialog.getByText('50 rows')).toBeVisible();
  await expect(dialog.getByText('48 to create')).toBeVisible();
  await expect(dialog.getByText('2 rejected')).toBeVisible();
  const rejected = dialog.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row', { name: /50 .*Name field is required!/ })).toBeVisible();
  await expect(rejected.getByRole('row', { name: /51 .*Zip must be 5 digits/ })).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Rows to import' }).getByText(`Imported Diner ${run} 1 – Kitchen`)).toBeVisible();
  await shot(page, 'import-preview-desktop');

  await dialog.getByRole('button', { name: 'Import 48 rows' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Done: 48 created, 0 updated, 2 rejected.');
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download rejected rows' }).click()]);
  expect(download.suggestedFilename()).toBe('customers-rejected.csv');
  const report = (await readFile(await download.path())).toString().trim().split('\r\n');
  expect(report).toHaveLength(3);
  expect(report[0]).toBe(`Line,Error,${rows[0]}`);
  expect(report[1]).toBe(`50,Name field is required!,${rows[49]}`);
  expect(report[2]).toContain(`51,"Zip must be 5 digits or 5+4 digits, like 75201 or 75201-1234.",E2E-${run}-bad2`);
  // The dialog's own Close, below the report (the corner's button has the same name).
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  // The history lists the import.
  await openAs(page, 'admin', '/administration/qbImportList');
  const history = page.getByRole('table', { name: 'Imports' });
  await expect(history.getByRole('row', { name: /Customers customers\.csv.*Done/ }).first()).toBeVisible();
  await shot(page, 'import-history-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, 'import-history-phone');
});
