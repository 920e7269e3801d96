import { expect, test } from './fixtures';
import { shot } from './page-actions';
import { expectNotices, noticesLive, openAs } from './session';
import { drawOn } from './signature';

const PHONE = { width: 390, height: 844 };
const NOTIFICATIONS = '/notifications/payRaiseNotifications';

test('a team leader asks a raise for a technician; payroll approves it live; the technician signs it on his phone; only payroll and he see the pay', async ({ browser, page }) => {
  // The team leader asks for the raise.
  await openAs(page, 'leader', '/payroll/payRaises');
  await page.getByRole('button', { name: 'Request Pay Raise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Pay Raise' });
  await dialog.getByRole('button', { name: 'Send for Approval' }).click();
  await expect(dialog.getByText('Employee field is required!')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Employee' }).fill('Tom');
  await page.getByRole('option', { name: 'Tom Alvarez' }).click();
  await dialog.getByRole('combobox', { name: 'Pay Raise Type' }).click();
  await page.getByRole('option', { name: 'Certification' }).click();
  await dialog.getByRole('textbox', { name: 'New Position' }).fill('Senior Service Technician');
  await dialog.getByRole('textbox', { name: 'New Pay (per hour)' }).fill('31.25');
  await dialog.getByLabel('Effective Date').fill('2026-12-06');
  await dialog.getByRole('textbox', { name: 'Reason For Change' }).fill('EPA 608 universal certification.');
  await shot(page, 'request');
  await dialog.getByRole('button', { name: 'Send for Approval' }).click();
  await expect(page.getByText('The raise for Tom Alvarez was sent to payroll for approval.')).toBeVisible();
  const mine = page.getByRole('listitem', { name: 'Pay raise for Tom Alvarez' });
  await expect(mine).toContainText('Requested');
  await expect(mine).toContainText('Senior Service Technician');
  await expect(mine).not.toContainText('31.25');

  // Payroll answers on the notifications page.
  const office = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const payroll = await office.newPage();
  await openAs(payroll, 'payroll', NOTIFICATIONS);
  const toAnswer = payroll.getByRole('article', { name: 'Pay raise for Tom Alvarez: Waiting for your answer' });
  await expect(toAnswer).toContainText('$28.50/h');
  await expect(toAnswer).toContainText('$31.25/h');
  await shot(payroll, 'approve');

  // The technician's phone is open before the answer: the approval reaches it live.
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, baseURL: test.info().project.use.baseURL });
  const tech = await phone.newPage();
  await openAs(tech, 'tech', '/workOrder/mine');
  await noticesLive(tech);
  await expectNotices(tech, 'none waiting');
  // The toast lasts 5 s: watched from before the answer.
  const toast = expect(tech.getByText('Your raise was approved: open the notices to sign it.')).toBeVisible();
  await toAnswer.getByRole('button', { name: 'Approve' }).click();
  await expect(payroll.getByText('The raise for Tom Alvarez was approved.')).toBeVisible();
  await expect(toAnswer).toBeHidden();
  await toast;
  await expectNotices(tech, '1 waiting');
  await tech.getByRole('button', { name: 'Notices: 1 waiting' }).click();
  await tech.getByRole('dialog', { name: 'Notices' }).getByRole('link', { name: 'Pay raises to answer, sign or read: 1' }).click();
  await expect(tech).toHaveURL(new RegExp(`${NOTIFICATIONS}$`));
  const toSign = tech.getByRole('article', { name: 'Pay raise for Tom Alvarez: Approved: sign to accept it' });
  await expect(toSign).toContainText('$31.25/h');
  const pad = toSign.getByRole('img', { name: 'Signature pad' });
  const save = toSign.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await drawOn(tech, pad, [[0.1, 0.6], [0.25, 0.3], [0.4, 0.7], [0.6, 0.35], [0.85, 0.5]]);
  expect(await tech.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(tech, 'sign-phone');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(tech.getByText('Thank you: your raise is signed.')).toBeVisible();
  await expect(tech.getByText('No pay raise notifications.')).toBeVisible();
  await expectNotices(tech, 'none waiting');
  await phone.close();

  // Payroll hears it was signed; the leader's notices say so too, still without the pay.
  await payroll.reload();
  const signed = payroll.getByRole('article', { name: 'Pay raise for Tom Alvarez: Signed by the employee' });
  await expect(signed).toContainText('$31.25/h');
  await signed.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(payroll.getByText('No pay raise notifications.')).toBeVisible();
  await office.close();

  // The leader hears the end only (the signature supersedes the answer), still without the pay.
  await page.goto(NOTIFICATIONS);
  const ended = page.getByRole('article', { name: 'Pay raise for Tom Alvarez: Signed by the employee' });
  await expect(ended).toContainText('Approved By');
  await expect(ended).not.toContainText('31.25');
  await expect(page.getByRole('article')).toHaveCount(1);
  await ended.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByText('No pay raise notifications.')).toBeVisible();
  await page.goto('/payroll/payRaises');
  await expect(page.getByRole('listitem', { name: 'Pay raise for Tom Alvarez' })).toContainText('Signed');
});
