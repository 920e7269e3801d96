import { expect, test } from './fixtures';
import { shot } from './page-actions';
import { accessTokenOf, expectNotices, noticesLive, openAs } from './session';

const WORK_ORDER = '240007';
const PATH = `/workOrder/${WORK_ORDER}/edit`;
const PHONE = { width: 390, height: 844 };

test('the office sets a flag reminder and takes it back after confirming', async ({ page }) => {
  await openAs(page, 'dispatcher', PATH);
  const section = page.getByRole('region', { name: 'Flag Reminders' });
  await expect(section.getByText('No reminders.')).toBeVisible();
  await section.getByRole('button', { name: 'Add Reminder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Flag Reminder' });
  await dialog.getByRole('button', { name: 'Set Reminder' }).click();
  await expect(dialog.getByText('Flag field is required!')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Flag' }).click();
  await page.getByRole('option', { name: 'Safety Concern' }).click();
  await dialog.getByRole('textbox', { name: 'Reminder Description' }).fill('Lock out the compressor before opening the panel.');
  await dialog.getByRole('button', { name: 'Set Reminder' }).click();
  await expect(dialog).toBeHidden();
  const table = section.getByRole('table', { name: 'Flag reminders' });
  await expect(table).toContainText('Safety Concern');
  await expect(table).toContainText('Waiting');
  await shot(page, 'office', { fullPage: false });

  await section.getByRole('button', { name: /^Take back the reminder of/ }).click();
  const question = page.getByRole('dialog', { name: 'Take Back Reminder' });
  await question.getByRole('button', { name: 'Take Back' }).click();
  await expect(table).toContainText('Cancelled');
  await expect(section.getByRole('button', { name: /^Take back the reminder of/ })).toHaveCount(0);
});

test('a reminder reaches the technician on his phone without a reload; he asks for help and acknowledges; the office sees both', async ({ browser, page }) => {
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, baseURL: test.info().project.use.baseURL });
  const tech = await phone.newPage();
  await openAs(tech, 'tech', '/workOrder/mine');
  await expectNotices(tech, 'none waiting');
  await noticesLive(tech);

  // The office sets a reminder a few seconds ahead; the technician's page is not touched.
  await openAs(page, 'dispatcher', PATH);
  const headers = { authorization: `Bearer ${await accessTokenOf(page)}` };
  const { workOrderId } = await (await page.request.get(`/api/v1/WorkOrder/${WORK_ORDER}`, { headers })).json();
  const flags = (await (await page.request.get('/api/v1/Flags/workOrderFlags', { headers })).json()) as { workOrderFlagId: number; workOrderFlagName: string }[];
  const made = await page.request.post('/api/v1/FlagReminder/create', {
    headers,
    data: {
      workOrderId,
      flagId: flags.find((f) => f.workOrderFlagName === 'Needs Follow Up')!.workOrderFlagId,
      flagReminderTime: new Date(Date.now() + 8_000).toISOString(),
      reminderDescription: 'Call the store manager before leaving: the walk-in must hold 38 °F.',
    },
  });
  expect(made.status(), await made.text()).toBe(200);

  await expect(tech.getByText(`Flag reminder for work order ${WORK_ORDER}`)).toBeVisible();
  await expectNotices(tech, '1 waiting');
  await shot(tech, 'phone-header', { fullPage: false });
  await tech.getByRole('button', { name: 'Notices: 1 waiting' }).click();
  const drawer = tech.getByRole('dialog', { name: 'Notices' });
  const notice = drawer.getByRole('article', { name: `Work order ${WORK_ORDER}: Needs Follow Up` });
  await expect(notice).toContainText('the walk-in must hold 38 °F');
  await expect(drawer.getByRole('region', { name: 'My managers' })).toContainText('Marcus Reed');
  expect(await tech.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(tech, 'phone-drawer', { fullPage: false });
  await notice.getByRole('button', { name: 'Ask for Help' }).click();
  await notice.getByRole('textbox', { name: 'What do you need?' }).fill('The manager left at five.');
  await notice.getByRole('button', { name: 'Send' }).click();
  await expect(tech.getByText('Your team leaders were asked for help.')).toBeVisible();
  await expect(notice).toContainText('help asked for');
  await notice.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(drawer.getByText('No notices waiting.')).toBeVisible();
  await tech.keyboard.press('Escape');
  await expectNotices(tech, 'none waiting');
  await phone.close();

  await page.reload();
  const table = page.getByRole('region', { name: 'Flag Reminders' }).getByRole('table', { name: 'Flag reminders' });
  await expect(table).toContainText('Sent');
  await expect(table).toContainText('acknowledged, asked for help ("The manager left at five.")');
});
