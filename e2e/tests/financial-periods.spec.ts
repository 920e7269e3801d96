import { expect, test, type Page } from './fixtures';
import { shot } from './page-actions';
import { openAs } from './session';


/** A date as a date field takes it, `days` from today in the browser's zone. */
const dateIn = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function setPayFrequency(page: Page, frequency: string) {
  await page.goto('/payroll');
  await page.getByRole('button', { name: 'Pay Calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay Calendar' });
  await dialog.getByRole('combobox', { name: 'Pay Frequency' }).click();
  await page.getByRole('option', { name: frequency, exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The pay calendar was saved.')).toBeVisible();
}

test('payroll keeps pay periods of the company’s own dates, refused when they overlap, and pays by them', async ({ page }) => {
  await openAs(page, 'payroll', '/administration/financialPeriods');
  await expect(page.getByRole('heading', { name: 'Financial Periods' })).toBeVisible();
  await expect(page.getByText('No pay periods yet.')).toBeVisible();
  const add = async (name: string, from: string, to: string) => {
    await page.getByRole('button', { name: 'Add Pay Period' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Pay Period' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByLabel('Start').fill(from);
    await dialog.getByLabel('End').fill(to);
    await dialog.getByRole('button', { name: 'Save' }).click();
    return dialog;
  };
  let dialog = await add('Current 4 weeks', dateIn(-10), dateIn(17));
  await expect(page.getByText('Financial period Current 4 weeks added.')).toBeVisible();
  dialog = await add('Overlapping', dateIn(10), dateIn(30));
  await expect(page.getByText('Financial periods of one kind cannot overlap: this one shares days with another.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Backwards');
  await dialog.getByLabel('Start').fill(dateIn(40));
  await dialog.getByLabel('End').fill(dateIn(35));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('End must be on or after Start.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('table', { name: 'Pay periods' }).locator('tbody tr')).toHaveCount(1);
  await shot(page, 'list');

  await setPayFrequency(page, 'Financial');
  await expect(page.getByText(/^Financial pay period \d+ of \d{4}$/)).toBeVisible();
  // Past the company's own periods there is none: the page says so and leads back.
  await page.getByRole('button', { name: 'Next pay period' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The timesheets could not be read' })).toContainText('No financial pay period holds');
  await page.getByRole('button', { name: "Today's pay period" }).click();
  await expect(page.getByText(/^Financial pay period \d+ of \d{4}$/)).toBeVisible();
  await setPayFrequency(page, 'Bi-Weekly');
  await expect(page.getByText(/^Bi-Weekly pay period \d+ of \d{4}$/)).toBeVisible();
});
