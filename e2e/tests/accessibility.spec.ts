import { expect, test, type Locator, type Page } from '@playwright/test';
import { POLAR_USERS } from '../../apps/server/src/db/seed/demo-data';
import { closeDialog, expectAccessible, fingerprintOfMain, follow, linkedPaths, menuPaths, openDialog, routeOf, SCREENS, settle, type Screen } from './axe-check';
import { openAs } from './session';

/**
 * WCAG 2.2 AA on every page and the main dialogs, for every role on a laptop, and on a phone for the roles who see
 * every page or work from one: axe-core finds no serious or critical violation. The pages are found as a person
 * finds them: every page the user's navbar offers (the app builds it from its area registry, so a new area is checked
 * the day it is added), then the pages those link to (a work order, a customer, a list of the administration, the
 * pages of a work order's items), once each. A page shown to a second role exactly as to a first (the same buttons,
 * the same rows) is not checked twice.
 */

/** One demo user per role of the demo company. */
const USERS = POLAR_USERS.filter((user, i) => POLAR_USERS.findIndex((other) => other.role === user.role) === i);

/** A dialog a page opens: where, which, and how a person opens it (null when this user has no such control there). */
interface PageDialog {
  /** The route of the pages that have it (`routeOf`), or any page with the control. */
  on: RegExp;
  name: string;
  screens?: readonly Screen['name'][];
  open: (page: Page) => Promise<Locator | null>;
}

const button = (page: Page, name: string | RegExp) => page.getByRole('main').getByRole('button', { name, exact: typeof name === 'string' });

/** The main dialogs of the pages: creating and editing on the calendars, lists, contacts and work orders. */
const PAGE_DIALOGS: PageDialog[] = [
  { on: /^\/management\/dispatcher$/, name: 'new calendar entry', open: (page) => openDialog(page, button(page, 'New')) },
  { on: /^\/management\/dispatcher$/, name: "an event's editor", open: (page) => openDialog(page, page.locator('.sm-fc-event')) },
  { on: /^\/sales\/scheduler$/, name: 'new sales task', open: (page) => openDialog(page, button(page, 'New')) },
  { on: /^\/contacts$|^\/customer\/:id$/, name: 'new contact', open: (page) => openDialog(page, button(page, 'Add Contact')) },
  { on: /^\/administration\/[^/]+(\/[^/]+)?$/, name: 'new list row', open: (page) => openDialog(page, button(page, /^Add /)) },
  { on: /^\/administration\/sop\/sopDetails$/, name: 'new SOP', open: (page) => openDialog(page, button(page, 'New SOP')) },
  { on: /^\/workOrder\/:id\/edit$/, name: "the work order's header", open: (page) => openDialog(page, button(page, 'Edit')) },
  { on: /^\/workOrder\/:id\/edit$/, name: 'assign technicians', open: (page) => openDialog(page, button(page, 'Assign')) },
  {
    on: /^\/workOrder\/:id\/edit$/,
    name: 'Insert Image in the work description',
    open: async (page) => {
      const section = page.getByRole('region', { name: 'Work Description' });
      const write = section.getByRole('button', { name: /^(Write|Edit)$/ });
      if ((await write.count()) === 0) return null;
      await write.click();
      return openDialog(page, section.getByRole('button', { name: 'Insert Image' }));
    },
  },
  { on: /^\/payroll$/, name: 'the pay calendar', open: (page) => openDialog(page, button(page, 'Pay Calendar')) },
  { on: /^\/payroll$/, name: "an employee's timesheet", open: (page) => openDialog(page, button(page, /^Open the timesheet of/).first()) },
  { on: /./, name: "a grid column's filter", screens: ['desktop'], open: (page) => openDialog(page, button(page, /^Filter /)) },
  { on: /./, name: 'the grid filters drawer', screens: ['phone'], open: (page) => openDialog(page, button(page, 'Filters')) },
];

/** Routes and dialogs already checked on each screen: a page reached by several roles is checked by the first. */
const checked = new Set<string>();
const firstTime = (key: string) => !checked.has(key) && Boolean(checked.add(key));

/**
 * Checks the page open now, unless another role was shown the very same page on this screen (same fingerprint), then
 * each of its dialogs not yet checked on this screen.
 */
async function checkPageAndDialogs(page: Page, screen: Screen, where: string, withShell: boolean) {
  await settle(page);
  const route = routeOf(new URL(page.url()).pathname);
  if (firstTime(`${screen.name} ${route} ${await fingerprintOfMain(page)}`) || withShell) {
    await expectAccessible(page, `${where} (${screen.name})`, { withShell, isSettled: true });
  }
  for (const dialog of PAGE_DIALOGS) {
    if (!dialog.on.test(route) || (dialog.screens && !dialog.screens.includes(screen.name))) continue;
    const key = `${screen.name} dialog ${dialog.name}`;
    if (checked.has(key)) continue;
    const opened = await dialog.open(page);
    if (!opened) continue;
    checked.add(key);
    await expectAccessible(page, `${dialog.name} on ${route} (${screen.name})`, { withShell: false });
    await closeDialog(page);
  }
}

/** The signed-in frame's own pop-ups: the phone's navbar, the user menu and its sign-out question. */
async function checkShell(page: Page, screen: Screen, userName: string) {
  if (screen.name === 'phone') {
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expectAccessible(page, `the navbar of ${userName} (phone)`);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
  }
  if (!firstTime(`${screen.name} user menu`)) return;
  await page.getByRole('button', { name: 'User menu' }).click();
  await expectAccessible(page, `the user menu (${screen.name})`);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign out' })).toBeVisible();
  await expectAccessible(page, `the sign-out question (${screen.name})`);
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'No' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('the sign-in page, on a desktop and on a phone', async ({ page }) => {
  for (const screen of SCREENS) {
    await page.setViewportSize(screen.viewport);
    await page.goto('/login');
    await expect(page.getByLabel('User Name')).toBeFocused();
    await expectAccessible(page, `the sign-in page (${screen.name})`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expectAccessible(page, `the sign-in page with its error (${screen.name})`);
  }
});

/** Every page of the user's navbar and the pages they link to, with their dialogs, on one screen. */
async function checkEveryPage(page: Page, screen: Screen, userName: string) {
  await checkShell(page, screen, userName);
  const menu = await menuPaths(page);
  expect(menu.length, 'the navbar lists the pages of the role').toBeGreaterThan(0);
  const menuRoutes = new Set(menu.map(routeOf));
  const queue = [...menu];
  for (let i = 0; i < queue.length; i += 1) {
    await follow(page, queue[i]);
    await checkPageAndDialogs(page, screen, `${queue[i]} as ${userName}`, i === 0);
    // A page reached through links only is checked once per screen, by the first role that reaches it.
    for (const linked of await linkedPaths(page)) {
      const route = routeOf(linked);
      if (!menuRoutes.has(route) && firstTime(`${screen.name} page ${route}`)) queue.push(linked);
    }
  }
}

/**
 * On a phone: the Super Admin, who is shown every page there is, and the technician, whose work is on a phone. Another
 * role's page is the administrator's page with fewer buttons, already checked at that width.
 */
const PHONE_USERS = new Set(['admin', 'tech']);

for (const user of USERS) {
  for (const screen of SCREENS.filter((s) => s.name === 'desktop' || PHONE_USERS.has(user.userName))) {
    test(`every page of ${user.role} (${user.userName}) on a ${screen.name}`, async ({ page }) => {
      // The admin's hundred pages and dialogs on one screen took three minutes on two busy shared cores: twice that.
      test.setTimeout(360_000);
      // The app reads the screen's size as it starts (the phone layout): the screen is set first.
      await page.setViewportSize(screen.viewport);
      await openAs(page, user.userName, '/home');
      await settle(page);
      await checkEveryPage(page, screen, user.userName);
    });
  }
}

test("the technician's clock-in dialog on his work order, on a desktop and on a phone", async ({ page }) => {
  for (const screen of SCREENS) {
    await page.setViewportSize(screen.viewport);
    if (screen === SCREENS[0]) await openAs(page, 'tech', '/workOrder/mine');
    else await page.goto('/workOrder/mine');
    await settle(page);
    await page.getByRole('main').getByRole('link', { name: /^\d{6}$/ }).first().click();
    await expect(page).toHaveURL(/\/workOrder\/\d+\/edit$/);
    await settle(page);
    const start = await openDialog(page, page.getByRole('button', { name: 'Start Work Order' }));
    expect(start, 'the technician may clock in on his work order').not.toBeNull();
    await expectAccessible(page, `the Start Work Order dialog (${screen.name})`, { withShell: false });
    await closeDialog(page);
  }
});
