import { expect, test } from './fixtures';
import { shot } from './page-actions';
import { openAs } from './session';

const OUTBOX = '/administration/emailOutbox';

test.describe('e-mail outbox (desktop)', () => {
  test('an administrator sends a test e-mail, sees it queued without a mail server, and opens it', async ({ page }) => {
    await openAs(page, 'admin', '/administration');
    await page.getByRole('navigation', { name: 'Administration settings' }).getByRole('link', { name: /E-mail Outbox/ }).click();
    await expect(page).toHaveURL(new RegExp(`${OUTBOX}$`));
    await expect(page).toHaveTitle('E-mail Outbox - WebBased');
    // The browser tests' server has no SMTP_URL: the page says so.
    await expect(page.getByRole('status').filter({ hasText: 'No mail server is configured' })).toBeVisible();

    await page.getByRole('button', { name: 'Send test e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send test e-mail' });
    const to = dialog.getByRole('textbox', { name: 'To' });
    await expect(to).toHaveValue(/@/);
    await to.fill('office@lonestar');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('To is not a valid e-mail address.')).toBeVisible();
    const address = `outbox-${Date.now()}@lonestar.example`;
    await to.fill(address);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toBeHidden();

    // The queued message opens beside the grid: its state, who it is for, its body in a sandboxed frame.
    const drawer = page.getByRole('dialog', { name: /^Test e-mail from / });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Queued', { exact: true })).toBeVisible();
    await expect(drawer.getByRole('row', { name: new RegExp(`To ${address}`) })).toBeVisible();
    await expect(drawer.getByRole('row', { name: /Attempts 0/ })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Resend' })).toHaveCount(0);
    const body = drawer.frameLocator('iframe[title^="Message:"]');
    await expect(body.getByText(/This is a test e-mail from .*, sent by Alicia Moreno/)).toBeVisible();
    await expect(drawer.getByText('No attachments.')).toBeVisible();
    await shot(page, 'detail-desktop');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The grid lists it as queued; a click opens it again.
    const row = page.getByRole('table', { name: 'E-mail outbox' }).getByRole('row').filter({ hasText: address });
    await expect(row).toContainText('Queued');
    await expect(row).toContainText('Test e-mail from');
    await shot(page, 'grid-desktop');
    await row.click();
    await expect(drawer.getByRole('row', { name: new RegExp(`To ${address}`) })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('is not for those without the Email Settings permission', async ({ page }) => {
    await openAs(page, 'dispatcher', OUTBOX);
    await expect(page).toHaveURL(/\/home$/);
  });
});
