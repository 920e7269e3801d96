import { expect, test, type Page } from './fixtures';
import { expectAccessible } from './axe-check';
import { choose, NEXT_YEAR, shot, toastGone } from './page-actions';
import { openAs } from './session';

const PHONE = { width: 390, height: 844 };

/** The odometer the demo's van last read, from the page. */
async function lastReading(page: Page): Promise<number> {
  const text = await page.getByRole('list', { name: 'Recent readings of TX-4KD2291' }).getByRole('listitem').first().getByText(/ mi$/).textContent();
  return Number(text!.replace(/[^\d]/g, ''));
}

test.describe('fleet', () => {
  test('the technician logs mileage and fuel from his phone and sees it listed', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openAs(page, 'tech', '/fleetManagement/myAuto');
    const van = page.getByRole('region', { name: 'Vehicle TX-4KD2291' });
    await expect(van).toContainText('2022 Ford Transit 250');
    await expect(van).toContainText('1FTBR1C82NKA12345');
    await expect(van).toContainText('Service due soon');
    const odometer = (await lastReading(page)) + 158;

    // Going backwards is refused with the reason, and nothing is listed.
    const form = page.getByRole('form', { name: 'Log mileage for TX-4KD2291' });
    await form.getByRole('textbox', { name: 'Odometer' }).fill('100');
    await form.getByRole('button', { name: 'Log mileage' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'is below the last reading' })).toBeVisible();
    await toastGone(page, 'is below the last reading');

    await form.getByRole('textbox', { name: 'Odometer' }).fill(String(odometer));
    await form.getByRole('textbox', { name: 'Fuel gallons' }).fill('18.4');
    await form.getByRole('textbox', { name: 'Fuel cost' }).fill('61.27');
    await form.getByRole('textbox', { name: 'Notes' }).fill('Filled up in Plano');
    await shot(page, 'fleet-my-auto-form-390', { fullPage: false });
    await form.getByRole('button', { name: 'Log mileage' }).click();
    const miles = `${odometer.toLocaleString('en-US')} mi`;
    await expect(page.getByRole('alert').filter({ hasText: `Logged ${miles} for TX-4KD2291.` })).toBeVisible();
    await toastGone(page, `Logged ${miles}`);
    const first = page.getByRole('list', { name: 'Recent readings of TX-4KD2291' }).getByRole('listitem').first();
    await expect(first).toContainText(miles);
    await expect(first).toContainText('18.4 gal · $61.27');
    await expect(first).toContainText('Filled up in Plano');
    await expect(form.getByRole('textbox', { name: 'Odometer' })).toHaveValue('');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'My Auto (phone)');
    await shot(page, 'fleet-my-auto-390');
  });

  test('the technician walks round his van with the inspection checklist', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openAs(page, 'tech', '/fleetManagement/myAuto');
    await page.getByRole('button', { name: 'Start inspection' }).click();
    const form = page.getByRole('form', { name: 'Inspection of TX-4KD2291' });
    await form.getByRole('radiogroup', { name: 'Wipers' }).getByText('Needs attention').click();
    await form.getByRole('button', { name: 'Save inspection' }).click();
    await expect(form.getByRole('alert')).toHaveText('Wipers: say what needs attention.');
    await expectAccessible(page, 'the inspection checklist with its error (phone)');
    await form.getByRole('textbox', { name: 'Wipers: what needs attention?' }).fill('Driver side blade streaks');
    await shot(page, 'fleet-inspection-390');
    await form.getByRole('button', { name: 'Save inspection' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Inspection of TX-4KD2291 saved: 1 to look at.' })).toBeVisible();
    await expect(form).toBeHidden();
    await expect(page.getByRole('region', { name: 'Vehicle TX-4KD2291' })).toContainText('1 to look at');
  });

  test('My Auto at desktop width, for a user with no vehicle too', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openAs(page, 'tech', '/fleetManagement/myAuto');
    await expect(page.getByRole('region', { name: 'Vehicle TX-4KD2291' })).toBeVisible();
    await expectAccessible(page, 'My Auto (desktop)');
    await shot(page, 'fleet-my-auto-1366');
    await openAs(page, 'admin', '/fleetManagement/myAuto');
    await expect(page.getByText('No vehicle assigned to you')).toBeVisible();
    await shot(page, 'fleet-my-auto-empty-1366');
  });

  test('the office adds a vehicle for a technician and retires one, asked first', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openAs(page, 'admin', '/administration/fleetManagement');
    const table = page.getByRole('table', { name: 'Vehicles' });
    await expect(table).toContainText('TX-4KD2291');
    await expect(table.getByRole('row').filter({ hasText: 'TX-7HM3310' }).locator('.mantine-Badge-root')).toHaveText('Due');
    await expectAccessible(page, 'Fleet Management (desktop)');
    await shot(page, 'fleet-admin-1366');

    await page.getByRole('button', { name: 'Add vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add vehicle' });
    await dialog.getByRole('textbox', { name: 'VIN' }).fill('1FTFW1E50PFA0000Q');
    await dialog.getByRole('button', { name: 'Save vehicle' }).click();
    await expect(dialog.getByText('Description field is required!')).toBeVisible();
    await expect(dialog.getByText('VIN takes letters and digits only, never I, O or Q.')).toBeVisible();
    await expectAccessible(page, 'the vehicle dialog with its errors', { withShell: false });
    await choose(dialog, 'Description', 'Pickup Truck');
    await choose(dialog, 'Status', 'In Service');
    await dialog.getByRole('textbox', { name: 'Plate' }).fill('TX-E2E1001');
    await dialog.getByRole('textbox', { name: 'VIN' }).fill('1ftfw1e50pfa00077');
    await dialog.getByRole('textbox', { name: 'Year' }).fill('2024');
    await dialog.getByRole('textbox', { name: 'Make' }).fill('Ford');
    await dialog.getByRole('textbox', { name: 'Model' }).fill('F-150');
    await choose(dialog, 'Technician', 'Dana Whitfield', 'Dana');
    // Due a year or more ahead: the van is OK.
    await dialog.getByLabel('Service due date').fill(`${NEXT_YEAR}-12-01`);
    await shot(page, 'fleet-vehicle-dialog-1366', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save vehicle' }).click();
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row').filter({ hasText: 'TX-E2E1001' });
    await expect(row).toContainText('2024 Ford F-150');
    await expect(row).toContainText('1FTFW1E50PFA00077');
    await expect(row).toContainText('Dana Whitfield');
    await expect(row.locator('.mantine-Badge-root')).toHaveText('OK');

    await row.getByRole('button', { name: 'Retire TX-E2E1001' }).click();
    const ask = page.getByRole('dialog', { name: 'Retire vehicle' });
    await expect(ask).toContainText('driven by Dana Whitfield');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Retire TX-E2E1001' }).click();
    await page.getByRole('dialog', { name: 'Retire vehicle' }).getByRole('button', { name: 'Retire' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Vehicle TX-E2E1001 is retired.' })).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('the fleet list at phone width', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openAs(page, 'admin', '/administration/fleetManagement');
    await expect(page.getByRole('table', { name: 'Vehicles' })).toContainText('TX-4KD2291');
    await expectAccessible(page, 'Fleet Management (phone)');
    await shot(page, 'fleet-admin-390');
  });
});
