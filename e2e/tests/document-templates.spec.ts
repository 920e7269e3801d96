import { expect, test } from './fixtures';
import { openAs } from './session';

test.describe('customize template', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('an administrator changes the invoice template, sees it kept after a reload, and opens its PDF preview', async ({ page }) => {
    await openAs(page, 'admin', '/administration');
    await page.getByRole('link', { name: /Invoice Template/ }).click();
    await expect(page).toHaveURL(/\/customizeTemplate\/invoiceTemplate$/);
    const form = page.getByRole('form', { name: 'Invoice template' });
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue('Invoice');

    await form.getByLabel('Terms', { exact: true }).fill('Net 15. Thank you for your business.');
    await form.getByLabel('Header colour', { exact: true }).fill('#0b5394');
    await form.getByRole('checkbox', { name: 'Discount' }).uncheck();
    await expect(form.getByRole('button', { name: 'Preview PDF' }), 'the preview shows the saved template: save first').toBeDisabled();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Template saved')).toBeVisible();

    await page.reload();
    await expect(form.getByLabel('Terms', { exact: true })).toHaveValue('Net 15. Thank you for your business.');
    await expect(form.getByLabel('Header colour', { exact: true })).toHaveValue('#0b5394');
    await expect(form.getByRole('checkbox', { name: 'Discount' })).not.toBeChecked();
    await expect(form.getByText(/^Last saved on /)).toBeVisible();

    const pdf = page.waitForResponse((r) => r.url().endsWith('/api/v1/DocumentTemplates/invoice/preview'));
    const popup = page.waitForEvent('popup');
    await form.getByRole('button', { name: 'Preview PDF' }).click();
    const answer = await pdf;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    // The bytes themselves are checked by the API tests: the browser hands them to the new tab, not to the test.
    expect(Number(answer.headers()['content-length'])).toBeGreaterThan(1000);
    await expect.poll(async () => (await popup).url()).toMatch(/^blob:/);

    // The quote template is its own: still the standard look.
    await page.getByRole('main').locator('label', { hasText: 'Quote Template' }).click();
    await expect(page).toHaveURL(/\/customizeTemplate\/quoteTemplate$/);
    await expect(page.getByRole('form', { name: 'Quote template' }).getByLabel('Terms', { exact: true })).toHaveValue('This quote is valid for 30 days from its date.');
  });

  test('a technician is not offered the templates', async ({ page }) => {
    await openAs(page, 'tech', '/customizeTemplate/invoiceTemplate');
    await expect(page).toHaveURL(/\/home$/);
  });
});
