import { expect, test, type Page } from './fixtures';
import { shot } from './page-actions';
import { expectAccessible } from './axe-check';
import { accessTokenOf, openAs } from './session';

// E-mail templates as an administrator uses them: one written with bold text in the rich text editor, found in the
// grid, an e-mail sent from it (this group's server has no mail server, so it waits in the outbox as queued), and the
// template offered by a quote's Email send form; the pages at phone width; a dispatcher is offered none of it.
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const WORK_ORDER = '240052';
const NAME = `Quote follow-up ${Date.now()}`;
const SUBJECT = `Your quote from Lone Star ${Date.now()}`;

/** The axe check of the page, without the toasts of what was just done (the page is what is checked here). */
async function checkAccessible(page: Page, where: string) {
  const hideToasts = await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
  await expectAccessible(page, where, { withShell: false });
  await hideToasts.evaluate((el) => (el as HTMLElement).remove());
}

test.describe.configure({ mode: 'serial' });

test.describe('e-mail templates (desktop)', () => {
  test.use({ viewport: DESKTOP });

  test('an administrator writes a template with bold text, finds it in the grid, and sends an e-mail from it that waits in the outbox', async ({ page }) => {
    await openAs(page, 'admin', '/administration');
    await page.getByRole('navigation', { name: 'Administration settings' }).getByRole('link', { name: /E-mail Templates/ }).click();
    await expect(page).toHaveURL(/\/emailTemplate$/);
    await expect(page).toHaveTitle('E-mail Templates - WebBased');
    await expect(page.getByRole('table', { name: 'E-mail templates' })).toHaveAttribute('aria-busy', 'false');

    await page.getByRole('link', { name: 'New Template' }).click();
    await expect(page).toHaveURL(/\/emailTemplate\/create$/);
    // Nothing filled in: the first rules say so, at their fields.
    await page.getByRole('button', { name: 'Create Template' }).click();
    await expect(page.getByText('Name field is required!')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name' }).fill(NAME);
    await page.getByRole('combobox', { name: 'Purpose' }).click();
    await page.getByRole('option', { name: 'Quote', exact: true }).click();
    await page.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT);
    await page.getByRole('textbox', { name: 'Message' }).click();
    await page.keyboard.type('Thanks for asking. ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Valid for 30 days');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('.');
    await shot(page, 'create-desktop');
    await checkAccessible(page, 'the new template page');
    await page.getByRole('button', { name: 'Create Template' }).click();

    await expect(page).toHaveURL(/\/emailTemplate$/);
    const row = page.getByRole('table', { name: 'E-mail templates' }).getByRole('row').filter({ hasText: NAME });
    await expect(row).toContainText('Quote');
    await expect(row).toContainText(SUBJECT);
    await expect(row).toContainText('Active');
    await shot(page, 'grid-desktop');
    await checkAccessible(page, 'the template grid');

    await row.getByRole('link', { name: `Send e-mail from ${NAME}` }).click();
    await expect(page).toHaveURL(/\/emailTemplate\/sendEmail\?templateId=\d+$/);
    await expect(page.getByRole('combobox', { name: 'E-mail Template' })).toHaveValue(NAME);
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(SUBJECT);
    await expect(page.getByRole('textbox', { name: 'Template' }).locator('strong')).toHaveText('Valid for 30 days');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('To field is required', { exact: true })).toBeVisible();
    const to = page.getByRole('combobox', { name: 'To' });
    await to.fill('facilities@freshmart.example');
    await to.press('Enter');
    await shot(page, 'send-desktop');
    await checkAccessible(page, 'the send e-mail page');
    await page.getByRole('button', { name: 'Send' }).click();

    const queued = page.getByRole('status').filter({ hasText: 'The e-mail is queued' });
    await expect(queued).toBeVisible();
    await queued.getByRole('link', { name: 'Open the E-mail Outbox' }).click();
    await expect(page).toHaveURL(/\/administration\/emailOutbox$/);
    const message = page.getByRole('table', { name: 'E-mail outbox' }).getByRole('row').filter({ hasText: SUBJECT });
    await expect(message).toContainText('Queued');
    await message.click();
    const drawer = page.getByRole('dialog', { name: SUBJECT });
    await expect(drawer.getByRole('row', { name: /To facilities@freshmart\.example/ })).toBeVisible();
    await expect(drawer.frameLocator('iframe[title^="Message:"]').locator('strong')).toHaveText('Valid for 30 days');
  });

  test("a quote's Email send form offers the template, and choosing it fills the subject and message", async ({ page }) => {
    await openAs(page, 'admin', `/workOrder/${WORK_ORDER}/edit`);
    await page.getByRole('link', { name: 'Create Quote' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Replace ice machine water valve');
    await page.getByRole('button', { name: 'Create Quote' }).click();
    await expect(page).toHaveURL(/\/quotes\/\d+\/1\/view$/);

    await page.getByRole('button', { name: 'E-mail' }).click();
    const form = page.getByRole('dialog', { name: 'E-mail quote' });
    await expect(form.getByText('Please find the attached quote. Thanks for the opportunity to service your location!')).toBeVisible();
    await form.getByRole('combobox', { name: 'E-mail Template' }).click();
    await page.getByRole('option', { name: NAME }).click();
    await expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue(SUBJECT);
    await expect(form.getByRole('textbox', { name: 'Template' }).locator('strong')).toHaveText('Valid for 30 days');
    await shot(page, 'quote-dialog-desktop');
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
  });
});

test.describe('e-mail templates (phone)', () => {
  test.use({ viewport: PHONE });

  test('the pages fit a phone, and deleting a template asks first', async ({ page }) => {
    await openAs(page, 'admin', '/emailTemplate');
    const token = await accessTokenOf(page);
    const throwaway = `Throwaway ${Date.now()}`;
    const made = await page.request.post('/api/v1/EmailTemplates', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: throwaway, subject: 'Soon gone', bodyHtml: '<p>Soon gone</p>' },
    });
    expect(made.ok(), await made.text()).toBe(true);
    await page.reload();

    const table = page.getByRole('table', { name: 'E-mail templates' });
    await expect(table.getByRole('row').filter({ hasText: NAME })).toBeVisible();
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await fits();
    await shot(page, 'grid-phone');

    await table.getByRole('button', { name: `Delete ${throwaway}` }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Delete e-mail template' });
    await expect(confirmDialog).toContainText(`Delete the template ${throwaway}?`);
    await confirmDialog.getByRole('button', { name: 'No' }).click();
    await expect(table.getByRole('row').filter({ hasText: throwaway })).toBeVisible();
    await table.getByRole('button', { name: `Delete ${throwaway}` }).click();
    await confirmDialog.getByRole('button', { name: 'Yes' }).click();
    await expect(table.getByRole('row').filter({ hasText: throwaway })).toHaveCount(0);

    await table.getByRole('link', { name: `Edit ${NAME}` }).click();
    await expect(page).toHaveURL(/\/emailTemplate\/\d+\/edit$/);
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(NAME);
    await fits();
    await shot(page, 'edit-phone');

    await page.goto('/emailTemplate/sendEmail');
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
    await fits();
    await shot(page, 'send-phone');
  });

  test('is not offered to those without the Templates permission', async ({ page }) => {
    await openAs(page, 'dispatcher', '/emailTemplate');
    await expect(page).toHaveURL(/\/home$/);
  });
});
