import { expect, test, type Locator, type Page } from './fixtures';
import { POLAR_USERS } from '../../apps/server/src/db/seed/demo-data';
import { accessibilityViolations, closeDialog, expectAccessible, fingerprintOfMain, follow, linkedPaths, menuPaths, openDialog, routeOf, SCREENS, settle, type Screen } from './axe-check';
import { openAs } from './session';
import { readWalkRun, signedInState, writeWalkRun, type Walk } from './walk-state';

/**
 * WCAG 2.2 AA on every page and the main dialogs, for every role on a laptop, and on a phone for the roles who see
 * every page or work from one: axe-core finds no serious or critical violation, on the page and on the header and
 * navbar around it. The pages are found as a person finds them: every page the user's navbar offers (the app builds
 * it from its area registry, so a new area is checked the day it is added), then the pages those link to (a work
 * order, a customer, a list of the administration, the pages of a work order's items), once each. A page shown to a
 * second role exactly as to a first (the same buttons, the same rows) is not checked twice.
 *
 * Each role's walk on a screen is split into tests of a few pages, each with the ordinary time limit: a slow machine
 * makes the run longer, not red. The tests of a walk run one after another and take it up where the one before left
 * it (walk-state.ts), each in a page already signed in.
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
  { on: /^\/equipments\/history$/, name: 'start a work order at a piece', open: (page) => openDialog(page, button(page, 'Start work order here')) },
  { on: /^\/management\/pmBoard$/, name: "a PM contract's visits", open: (page) => openDialog(page, button(page, /: the contract's visits$/).first()) },
  { on: /^\/collection$/, name: "a customer's credit", open: (page) => openDialog(page, button(page, /^Credit of /).first()) },
  { on: /^\/administration\/intacct\/syncLog$/, name: 'a sync log entry', open: (page) => openDialog(page, button(page, /^Open (Invoice|Payment|Credit memo) /)) },
  { on: /^\/administration\/intacct\/lineKindAccounts$/, name: 'unmap a kind of line', open: (page) => openDialog(page, button(page, /^Unmap /)) },
  { on: /^\/administration\/quickbooks\/qbImportList$/, name: 'match a QuickBooks row', open: (page) => openDialog(page, button(page, /^Match /).first()) },
  { on: /^\/administration\/quickbooks\/qbImportList$/, name: "a QuickBooks row's detail", open: (page) => openDialog(page, button(page, /^Open /).first()) },
  { on: /^\/payroll$/, name: 'the pay calendar', open: (page) => openDialog(page, button(page, 'Pay Calendar')) },
  { on: /^\/payroll$/, name: "an employee's timesheet", open: (page) => openDialog(page, button(page, /^Open the timesheet of/).first()) },
  { on: /./, name: "a grid column's filter", screens: ['desktop'], open: (page) => openDialog(page, button(page, /^Filter /)) },
  { on: /./, name: 'the grid filters drawer', screens: ['phone'], open: (page) => openDialog(page, button(page, 'Filters')) },
];

/**
 * The pages of a walk one test checks, with their dialogs: about half a minute alone, well inside the ordinary time limit
 * on a busy machine. Each test opens a browser page and loads the app anew: fewer, longer tests load it fewer times.
 */
const PAGES_PER_TEST = 8;

/**
 * The tests of each role's walk on each screen: enough for the walk run alone, with one or two to spare (the
 * administrator's is about 160 pages on a desktop). In the whole sweep the
 * administrator's walk comes first and checks the pages the others reach through links, so their last tests find
 * their walk done and are skipped. The last test of a walk fails when pages are left: the number here is then raised.
 */
const TESTS_PER_WALK: Record<string, number> = {
  'desktop admin': 25,
  'phone admin': 25,
  'desktop leader': 8,
  'desktop dispatcher': 12,
  'desktop tech': 4,
  'phone tech': 4,
  'desktop payroll': 3,
  'desktop sales': 3,
  'desktop customer': 1,
  'desktop data': 8,
  'desktop dsm': 2,
  'desktop pm': 6,
  'desktop salesmgr': 4,
  'desktop pmdirector': 6,
};

/** True the first time a key is given in this run (a route, a dialog, the user menu on a screen). */
const firstTime = (checked: Set<string>, key: string) => !checked.has(key) && Boolean(checked.add(key));

/**
 * Checks the page open now, unless another role was shown the very same page on this screen (same fingerprint) and
 * this is not the walk's first page, then each of its dialogs not yet checked on this screen.
 */
async function checkPageAndDialogs(page: Page, screen: Screen, where: string, isFirst: boolean, checked: Set<string>) {
  await settle(page);
  const route = routeOf(new URL(page.url()).pathname);
  if (firstTime(checked, `${screen.name} ${route} ${await fingerprintOfMain(page)}`) || isFirst) {
    await expectAccessible(page, `${where} (${screen.name})`, { isSettled: true });
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
async function checkShell(page: Page, screen: Screen, userName: string, checked: Set<string>) {
  if (screen.name === 'phone') {
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expectAccessible(page, `the navbar of ${userName} (phone)`);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
  }
  if (!firstTime(checked, `${screen.name} user menu`)) return;
  await page.getByRole('button', { name: 'User menu' }).click();
  await expectAccessible(page, `the user menu (${screen.name})`);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign out' })).toBeVisible();
  await expectAccessible(page, `the sign-out question (${screen.name})`);
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'No' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('the check finds a control whose name leaves out the text it shows (WCAG 2.5.3 Label in Name)', async ({ page }) => {
  // Text hidden from screen readers is still text a voice control user reads and says.
  await page.setContent(`<html lang="en"><head><title>Label in Name</title></head><body><main><h1>Label in Name</h1>
    <button id="leaves-out" aria-label="Alicia Moreno, user menu"><span aria-hidden="true">AM</span></button>
    <button id="holds" aria-label="AM Alicia Moreno, user menu"><span aria-hidden="true">AM</span></button>
  </main></body></html>`);
  expect(await accessibilityViolations(page)).toEqual([expect.stringMatching(/^label-content-name-mismatch \(serious\) at #leaves-out: /)]);
});

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

const walkKey = (screen: Screen, userName: string) => `${screen.name} ${userName}`;

/** Whether the tests before this one checked every page of the user's walk on this screen. */
function walkDone(screen: Screen, userName: string) {
  const walk = readWalkRun(test.info()).walks[walkKey(screen, userName)];
  return walk !== undefined && walk.next >= walk.queue.length;
}

/**
 * The next pages of the user's walk on this screen, with their dialogs: the walk starts with the signed-in frame's
 * pop-ups and the navbar's pages, and the pages each checked page links to join its end.
 */
async function checkNextPages(page: Page, screen: Screen, userName: string, isLastTest: boolean) {
  const run = readWalkRun(test.info());
  const key = walkKey(screen, userName);
  const started = run.walks[key];
  await page.goto(started ? started.queue[started.next] : '/home');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await settle(page);
  let walk: Walk | undefined = started;
  if (!walk) {
    await checkShell(page, screen, userName, run.checked);
    // A customer user has no navbar: the portal they land on is their one page.
    const menu = userName === 'customer' ? [new URL(page.url()).pathname] : await menuPaths(page);
    expect(menu.length, 'the navbar lists the pages of the role').toBeGreaterThan(0);
    walk = { queue: menu, next: 0, menuRoutes: [...new Set(menu.map(routeOf))] };
    run.walks[key] = walk;
  }
  for (let checkedHere = 0; checkedHere < PAGES_PER_TEST && walk.next < walk.queue.length; checkedHere += 1) {
    const index = walk.next;
    const path = walk.queue[index];
    // Taken before it is checked: a page that fails or hangs is reported by this test and not tried again by the next.
    walk.next += 1;
    writeWalkRun(test.info(), run);
    test.info().annotations.push({ type: 'page', description: `${index + 1} of ${walk.queue.length} found so far: ${path}` });
    await follow(page, path);
    await checkPageAndDialogs(page, screen, `${path} as ${userName}`, index === 0, run.checked);
    // A page reached through links only is checked once per screen, by the first role that reaches it.
    for (const linked of await linkedPaths(page)) {
      const route = routeOf(linked);
      if (!walk.menuRoutes.includes(route) && firstTime(run.checked, `${screen.name} page ${route}`)) walk.queue.push(linked);
    }
    writeWalkRun(test.info(), run);
  }
  if (isLastTest) expect(walk.queue.slice(walk.next), `pages this walk's tests did not reach: raise TESTS_PER_WALK['${key}']`).toEqual([]);
}

/**
 * On a phone: the Super Admin, who is shown every page there is, and the technician, whose work is on a phone. Another
 * role's page is the administrator's page with fewer buttons, already checked at that width.
 */
const PHONE_USERS = new Set(['admin', 'tech']);

for (const user of USERS) {
  for (const screen of SCREENS.filter((s) => s.name === 'desktop' || PHONE_USERS.has(user.userName))) {
    test.describe(`every page of ${user.role} (${user.userName}) on a ${screen.name}`, () => {
      // The app reads the screen's size as it starts (the phone layout): each page opens at the screen's size.
      test.use({ viewport: screen.viewport, storageState: async ({ browser }, use, testInfo) => use(await signedInState(browser, testInfo, user.userName)) });
      // A role without an entry gets one test, which fails when its walk is longer.
      const tests = TESTS_PER_WALK[walkKey(screen, user.userName)] ?? 1;
      // Before the test's page is made: a browser page and a signed-in state cost more than the check of a page.
      test.beforeEach(() => test.skip(walkDone(screen, user.userName), 'the tests before this one checked every page of the walk'));
      for (let n = 1; n <= tests; n += 1) {
        test(`pages ${(n - 1) * PAGES_PER_TEST + 1} to ${n * PAGES_PER_TEST}`, async ({ page }) => {
          await checkNextPages(page, screen, user.userName, n === tests);
        });
      }
    });
  }
}

test("the technician's clock-in dialog on his work order, on a desktop and on a phone", async ({ page }) => {
  for (const screen of SCREENS) {
    await page.setViewportSize(screen.viewport);
    if (screen === SCREENS[0]) await openAs(page, 'tech', '/workOrder/mine');
    else await page.goto('/workOrder/mine');
    await settle(page);
    const link = page.getByRole('main').getByRole('link', { name: /^\d{6}$/ }).first();
    const workOrderNumber = await link.innerText();
    await link.click();
    // Until the work order page's code has loaded, My Work Orders stays on screen under the new address.
    await expect(page.getByRole('heading', { name: `Work Order ${workOrderNumber}` })).toBeVisible();
    const startButton = page.getByRole('button', { name: 'Start Work Order' });
    await expect(startButton, 'the technician may clock in on his work order').toBeVisible();
    await settle(page);
    await openDialog(page, startButton);
    await expectAccessible(page, `the Start Work Order dialog (${screen.name})`, { withShell: false });
    await closeDialog(page);
  }
});
