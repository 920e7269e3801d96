import { expect, test, type Page } from './fixtures';
import { ROLE } from '../../packages/shared/src/roles';
import { expectAccessible } from './axe-check';
import { mailboxOfGroup } from './mail';
import { shot } from './page-actions';
import { fillSignUpForm, type NewCompany } from './sign-up-form';

// A server as an operator runs it with public sign-up open: an empty database, no demo (its own group). The
// confirmation link is read from the SMTP server this file starts where the group's server sends its mail (port + 2).
const mail = mailboxOfGroup();

const COMPANY = 'Lone Star Cooling';
const EMAIL = 'avery@lonestarcooling.example';
const PASSWORD = 'cold-rooms-at-dawn';
const PHONE = { width: 390, height: 844 };
const SIGN_UP: NewCompany = {
  companyName: COMPANY, timeZone: { search: 'Chicago', option: 'America/Chicago' }, street: '1500 Marilla St', city: 'Dallas', state: 'tx', zip: '75201',
  name: 'Avery Brooks', email: EMAIL, userName: 'avery',
};

/** Fills the sign-up form; the password twice unless `confirm` says otherwise. */
const fillForm = (page: Page, password: string, confirm = password) => fillSignUpForm(page, SIGN_UP, password, confirm);

/** Signs in through the sign-in page. */
async function signIn(page: Page, userName: string, password: string) {
  await page.getByLabel('User Name').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a new company signs up on a phone, confirms its address by the e-mailed link and signs in', async ({ browser, baseURL }) => {
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, baseURL });
  const page = await phone.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create a company account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveTitle('Create a Company Account - WebBased');

  // Nothing typed: each field says what it needs, and nothing is sent.
  const form = page.getByRole('form', { name: 'Create Account' });
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Company Name field is required!').first()).toBeVisible();
  expect(mail.received).toHaveLength(0);

  // A common password, then two that differ.
  await fillForm(page, 'password123');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByTestId('form-error')).toContainText('not a common password');
  await fillForm(page, PASSWORD, `${PASSWORD}!`);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('The two passwords are not the same.');
  await fillForm(page, PASSWORD);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'register-phone');
  await expectAccessible(page, 'the sign-up page', { withShell: false });
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('We sent a link to a…@lonestarcooling.example.');

  // Before the address is confirmed the sign-in is refused, saying why.
  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await signIn(page, 'avery', PASSWORD);
  await expect(page.getByTestId('login-error')).toContainText('Your e-mail address is not confirmed yet.');

  // The link from the e-mail confirms it once; the second opening says so.
  const link = await mail.linkTo(EMAIL, `Confirm your e-mail address for ${COMPANY}`);
  expect(link.startsWith(`${baseURL}/register/confirm/`), link).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('status')).toContainText(`${COMPANY} is ready. Sign in as avery.`);
  await shot(page, 'confirmed-phone');
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('This address was already confirmed');

  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await signIn(page, 'avery', PASSWORD);
  // The password's hash is slow on purpose: a busy machine makes the sign-in take seconds.
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await phone.close();
});

// After the first test, whose company holds the user name and the address.
test('the same user name or e-mail address cannot sign up a second company, and a forged link is refused', async ({ page }) => {
  await page.goto('/register');
  const form = await fillForm(page, 'another-long-passphrase');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByTestId('form-error')).toContainText('The user name avery is taken');
  await form.getByRole('textbox', { name: 'User Name' }).fill('avery.brooks');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('An account with this e-mail address already exists. Sign in, or use another address.');
  await expect(page.getByRole('heading', { name: 'Create a company account' })).toBeVisible();

  await page.goto('/register/confirm/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('alert')).toContainText('This confirmation link is not valid.');
});

// After the first test: its Super Admin invites a technician, who sets a password on a phone; then forgets it.
test('an invited technician chooses a password from the e-mailed link on a phone, and later resets a forgotten one', async ({ browser, baseURL, request }) => {
  const login = await request.post('/api/v1/Account/login', { data: { userName: 'avery', password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const { accessToken } = await login.json();
  const TECH_EMAIL = 'jordan@lonestarcooling.example';
  const invited = await request.post('/api/v1/Users/invite', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { name: 'Jordan Price', email: TECH_EMAIL, userName: 'jprice', phone: '214-555-0142', jobTitleId: null, roleIds: [ROLE.Technician] },
  });
  expect(invited.ok(), await invited.text()).toBe(true);

  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, baseURL });
  const page = await phone.newPage();
  const invitation = await mail.linkTo(TECH_EMAIL, /invit/i);
  expect(invitation.startsWith(`${baseURL}/users/acceptInvitation/`), invitation).toBe(true);
  await page.goto(invitation);
  await expect(page.getByText(`Jordan Price, choose the password you will sign in to ${COMPANY} with.`)).toBeVisible();
  await expect(page.getByText('Your user name is jprice.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Save Password' });
  await form.getByLabel(/^New Password/).fill('abcdefghij');
  await form.getByLabel(/^Confirm Password/).fill('abcdefghij');
  await form.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByTestId('form-error')).toContainText('not a common password');
  await form.getByLabel(/^New Password/).fill('frost-on-the-coils');
  await form.getByLabel(/^Confirm Password/).fill('frost-on-the-coils');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'invitation-phone');
  await expectAccessible(page, 'the invitation page', { withShell: false });
  await form.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByRole('status')).toContainText(`Sign in to ${COMPANY} as jprice with your new password.`);
  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await signIn(page, 'jprice', 'frost-on-the-coils');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page).toHaveURL(/\/workOrder\/mine$/);

  // Forgotten: the sign-in page's link; the same answer for an unknown name, a link for his.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel(/^User Name or Email/).fill('nobody-by-this-name');
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  await expectAccessible(page, 'the forgot-password page', { withShell: false });
  const answer = await page.getByRole('status').textContent();
  expect(answer).toContain('If an account matches, we sent a link');
  await page.goto('/forgotPassword');
  await page.getByLabel(/^User Name or Email/).fill(TECH_EMAIL.toUpperCase());
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('status')).toHaveText(answer!);
  const reset = await mail.linkTo(TECH_EMAIL, /password/i);
  await page.goto(reset);
  const resetForm = page.getByRole('form', { name: 'Save Password' });
  await resetForm.getByLabel(/^New Password/).fill('thaw-the-evaporator');
  await resetForm.getByLabel(/^Confirm Password/).fill('thaw-the-evaporator');
  await resetForm.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByRole('status')).toContainText('as jprice with your new password.');
  await page.goto(reset);
  await resetForm.getByLabel(/^New Password/).fill('another-one-entirely');
  await resetForm.getByLabel(/^Confirm Password/).fill('another-one-entirely');
  await resetForm.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByTestId('form-error')).toContainText('This link was already used');
  await page.goto('/login');
  await signIn(page, 'jprice', 'thaw-the-evaporator');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await phone.close();
});
