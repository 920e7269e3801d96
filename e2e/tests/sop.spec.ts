import { expect, test, type Locator, type Page } from './fixtures';
import { choose, multiSelectBox, shot, toggleOptions } from './page-actions';
import { expectAccessible } from './axe-check';
import { expectNotices, noticesLive, openAs } from './session';

const PHONE = { width: 390, height: 844 };
const SOP = 'Walk-in cooler lock-out';
const STEPS = ['Switch off and lock the disconnect', 'Tag the lock with your name and the time'];

/** Neither the page nor the element (a drawer's body) scrolls sideways on the phone. */
async function expectNoSidewaysScroll(page: Page, inner?: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  if (inner) expect(await inner.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
}

/** A badge of a row by its text; its colour is in its style. */
const badge = (row: Locator, text: string) => row.locator('.mantine-Badge-root').filter({ hasText: new RegExp(`^${text}$`) });
const sopRow = (page: Page, name: string) => page.getByRole('table', { name: 'SOPs' }).locator(`tr[data-row="${name}"]`);

test('an administrator gives an SOP with two steps to a technician, who acknowledges it and does its steps on his phone; the office sees who did what', async ({ browser, page }) => {
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, baseURL: test.info().project.use.baseURL });
  const tech = await phone.newPage();
  await openAs(tech, 'tech', '/workOrder/mine');
  await expectNotices(tech, 'none waiting');
  await noticesLive(tech);

  // The administration index links the SOP pages with its settings; the company has no SOP yet.
  await openAs(page, 'admin', '/administration');
  await expect(page.getByRole('navigation', { name: 'Administration lists' }).getByRole('link', { name: /SOP Types/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Administration lists' }).getByRole('link', { name: /SOP (Details|Acknowledgements)/ })).toHaveCount(0);
  const settings = page.getByRole('navigation', { name: 'Administration settings' });
  await expect(settings.getByRole('link', { name: /SOP Acknowledgements/ })).toBeVisible();
  await settings.getByRole('link', { name: /SOP Details/ }).click();
  await expect(page).toHaveURL(/\/administration\/sop\/sopDetails$/);
  await expect(page).toHaveTitle('SOP Details - WebBased');
  await expect(page.getByText('No SOPs yet')).toBeVisible();
  await shot(page, 'details-empty');

  // The dialog checks what was typed with the server's rules before sending it.
  await page.getByRole('button', { name: 'New SOP' }).click();
  const dialog = page.getByRole('dialog', { name: 'New SOP' });
  await dialog.getByRole('button', { name: 'Add SOP' }).click();
  await expect(dialog.getByText('SOP Name field is required!')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'SOP Name' }).fill(SOP);
  await choose(dialog, 'SOP Type', 'Safety');
  await choose(dialog, 'SOP Status', 'Assigned');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Before opening any panel of a walk-in cooler, lock out the compressor and tag it.');
  for (const [i, step] of [...STEPS, ''].entries()) {
    await dialog.getByRole('button', { name: 'Add Checklist Item' }).click();
    await expect(dialog.getByRole('textbox', { name: `Checklist Item ${i + 1}` })).toBeFocused();
    await page.keyboard.type(step);
  }
  await dialog.getByRole('button', { name: 'Add SOP' }).click();
  await expect(dialog.getByText('Checklist Item field is required!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove Checklist Item 3' }).click();
  await expect(dialog.getByRole('textbox', { name: /^Checklist Item/ })).toHaveCount(2);
  await toggleOptions(dialog, 'Assign To', ['Tom Alvarez'], 'Tom');
  await dialog.getByRole('textbox', { name: 'Description' }).click();
  await shot(page, 'dialog');
  // The technician's phone hears of it live: the toast (it lasts 5 s) is watched from before the SOP is added.
  const toast = expect(tech.getByText(`The SOP "${SOP}" was given to you`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add SOP' }).click();
  await expect(page.getByText(`SOP ${SOP} added.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = sopRow(page, SOP);
  await expect(row).toContainText('Safety');
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');
  await expect(badge(row, 'Assigned')).toHaveAttribute('style', /yellow/);
  await expect(row.getByRole('link', { name: `0 of 1 acknowledged ${SOP}` })).toBeVisible();
  await shot(page, 'details');

  // Then the bell and the notices panel's links.
  await toast;
  await tech.getByRole('button', { name: 'Notices: 3 waiting' }).click();
  const drawer = tech.getByRole('dialog', { name: 'Notices' });
  const links = drawer.getByRole('region', { name: 'SOPs' });
  await expect(links.getByRole('link', { name: 'Checklist steps: 2' })).toBeVisible();
  await expectNoSidewaysScroll(tech, drawer.locator('.mantine-Drawer-body'));
  await shot(tech, 'phone-drawer', { fullPage: false });
  await expectAccessible(tech, 'the notices panel with SOPs (phone)');
  await links.getByRole('link', { name: 'SOPs to acknowledge: 1' }).click();
  await expect(tech).toHaveURL(/\/notifications\/sopNotifications$/);
  await expect(drawer).toBeHidden();

  const card = tech.getByRole('article', { name: SOP });
  await expect(card).toContainText('Safety');
  await expect(card).toContainText('Assigned');
  await expect(card).toContainText('lock out the compressor and tag it');
  await expect(tech.getByRole('button', { name: 'Acknowledge All' })).toHaveCount(0);
  await expectNoSidewaysScroll(tech);
  await shot(tech, 'phone-sops');
  await expectAccessible(tech, 'the SOP notifications (phone)');
  await card.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(tech.getByText(`You acknowledged ${SOP}.`)).toBeVisible();
  await expect(tech.getByText('No SOPs waiting')).toBeVisible();
  await expectNotices(tech, '2 waiting');
  await shot(tech, 'phone-sops-empty');

  // Its steps, one done now.
  await tech.getByRole('region', { name: 'Also waiting' }).getByRole('link', { name: 'Checklist steps: 2' }).click();
  await expect(tech).toHaveURL(/\/notifications\/taskListNotifications$/);
  const steps = tech.getByRole('region', { name: SOP });
  await expect(steps).toContainText('given by Alicia Moreno on');
  await expect(steps.getByRole('button', { name: /^Done: / })).toHaveCount(2);
  await expectNoSidewaysScroll(tech);
  await shot(tech, 'phone-steps');
  await expectAccessible(tech, 'the checklist notifications (phone)');
  await steps.getByRole('button', { name: `Done: ${STEPS[0]}` }).click();
  await expect(steps.getByRole('button', { name: /^Done: / })).toHaveCount(1);
  await expect(steps).not.toContainText(STEPS[0]);
  await expectNotices(tech, '1 waiting');

  // The administrator changes its status: the steps keep their ids, so what the technician did stays done.
  await page.reload();
  await page.getByRole('button', { name: `Edit ${SOP}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit SOP' });
  await expect(edit.getByRole('textbox', { name: 'Checklist Item 2' })).toHaveValue(STEPS[1]);
  await multiSelectBox(edit, 'Assign To').click();
  await expect(page.getByRole('option', { name: 'Tom Alvarez' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await choose(edit, 'SOP Status', 'Completed');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`SOP ${SOP} saved.`)).toBeVisible();
  await expect(badge(row, 'Completed')).toHaveAttribute('style', /green/);
  await row.getByRole('link', { name: `1 of 1 acknowledged ${SOP}` }).click();
  await expect(page).toHaveURL(/\/administration\/sop\/usersAcknowledgedSopDetails\?sopDetailId=\d+$/);
  await expect(page.getByRole('combobox', { name: 'SOP', exact: true })).toHaveValue(SOP);
  const acknowledged = page.getByRole('table', { name: 'SOP acknowledgements' }).locator(`tr[data-row="${SOP} Tom Alvarez"]`);
  await expect(acknowledged.getByRole('cell').nth(4)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/);
  await expect(acknowledged.getByRole('cell').nth(5)).toHaveText('1 of 2');
  await shot(page, 'acknowledgements');
  await expectNotices(tech, '1 waiting');

  // The last step: nothing is left waiting for the technician.
  await steps.getByRole('button', { name: `Done: ${STEPS[1]}` }).click();
  await expect(tech.getByText('No checklist steps waiting')).toBeVisible();
  await expectNotices(tech, 'none waiting');
  await expectNoSidewaysScroll(tech);
  await shot(tech, 'phone-steps-empty');
  await expectAccessible(tech, 'the checklist notifications with none waiting (phone)');
  await page.reload();
  await expect(acknowledged.getByRole('cell').nth(5)).toHaveText('2 of 2');
  await phone.close();
});

test('an SOP first given to nobody, then to its writer, who reads it on a desktop; deleting it asks first and takes her notices away', async ({ page }) => {
  const name = 'Office keys at closing';
  const step = 'Lock the office door and set the alarm';
  await openAs(page, 'admin', '/administration/sop/sopDetails');
  await page.getByRole('button', { name: 'New SOP' }).click();
  const dialog = page.getByRole('dialog', { name: 'New SOP' });
  await dialog.getByRole('textbox', { name: 'SOP Name' }).fill(name);
  await choose(dialog, 'SOP Type', 'Office');
  await expect(dialog.getByRole('combobox', { name: 'SOP Status' })).toHaveValue('Pending');
  await dialog.getByRole('button', { name: 'Add SOP' }).click();
  await expect(dialog).toBeHidden();
  const row = sopRow(page, name);
  await expect(row).toContainText('Not assigned');
  await expect(badge(row, 'Pending')).toHaveAttribute('style', /orange/);

  // Nobody has it: the acknowledgements of it say so.
  await page.goto('/administration/sop/usersAcknowledgedSopDetails');
  await choose(page, 'SOP', name);
  await expect(page).toHaveURL(/\?sopDetailId=\d+$/);
  await expect(page.getByText(`${name} is not given to anyone yet`)).toBeVisible();
  await shot(page, 'acknowledgements-empty');

  // A step and an assignee added later: the writer gives it to herself, and her bell counts it with its step.
  await page.goto('/administration/sop/sopDetails');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit SOP' });
  await edit.getByRole('button', { name: 'Add Checklist Item' }).click();
  await page.keyboard.type(step);
  await toggleOptions(edit, 'Assign To', ['Alicia Moreno'], 'Alicia');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`SOP ${name} saved.`)).toBeVisible();
  await expectNotices(page, '2 waiting');
  await row.getByRole('link', { name: `0 of 1 acknowledged ${name}` }).click();
  const assignment = page.getByRole('table', { name: 'SOP acknowledgements' }).locator(`tr[data-row="${name} Alicia Moreno"]`);
  await expect(assignment.getByRole('cell').nth(4)).toHaveText('Not yet');
  await expect(assignment.getByRole('cell').nth(5)).toHaveText('0 of 1');

  await page.goto('/notifications/sopNotifications');
  await expect(page.getByRole('article', { name })).toContainText('Office');
  await shot(page, 'sops-desktop');
  await page.goto('/notifications/taskListNotifications');
  await expect(page.getByRole('region', { name }).getByRole('button', { name: `Done: ${step}` })).toBeVisible();
  await shot(page, 'steps-desktop');

  await page.goto('/administration/sop/sopDetails');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const question = page.getByRole('dialog', { name: 'Delete SOP' });
  await expect(question).toContainText(`Delete the SOP ${name} with its checklist and what the person given it acknowledged?`);
  await question.getByRole('button', { name: 'No' }).click();
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`SOP ${name} deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expectNotices(page, 'none waiting');
});
