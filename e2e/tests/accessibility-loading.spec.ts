import { expect, test, type Route } from './fixtures';
import { accessibilityViolations, follow, settle } from './axe-check';
import { openAs } from './session';

/**
 * The walks of every page check each page once it has loaded; these check pages while their data is still on its way,
 * which a slow network or a busy server shows for seconds: the spinners there must be named statuses too. Each page's
 * requests are held until the check is done, so the loading state is what the page shows, however fast the machine.
 */
const PAGES_WITH_SPINNERS: [path: string, waitFor?: string][] = [
  ['/sales/scheduler'],
  // The unassigned work panel comes after the calendar: its spinner sat inside its list, which may hold only cards.
  ['/management/dispatcher', 'Loading unassigned work'],
  ['/workOrder/mine'],
  ['/payroll/payRaises'],
  ['/management/pmBoard', 'Loading the PM board'],
];

for (const [path, waitFor] of PAGES_WITH_SPINNERS) {
  test(`${path} still reading its data shows named spinners`, async ({ page }) => {
    await openAs(page, 'admin', '/home');
    await settle(page);
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    const hold = async (route: Route) => {
      await held;
      await route.continue().catch(() => undefined);
    };
    await page.route('**/api/v1/**', hold);
    try {
      await follow(page, path);
      // The page's code is fetched first (not held): on a busy machine that alone may take more than the usual 10 s. A
      // grid whose saved layout was not read yet (held too) says so in a status of its own before its rows' spinner.
      const main = page.getByRole('main');
      await expect(main.locator('.mantine-Loader-root').or(main.getByRole('status', { name: /loading/i })).first()).toBeVisible();
      if (waitFor) await expect(main.getByRole('status', { name: waitFor }).first()).toBeVisible();
      expect(await accessibilityViolations(page, { withShell: false }), `serious or critical violations on ${path} while it loads`).toEqual([]);
    } finally {
      release();
      await page.unroute('**/api/v1/**', hold);
    }
    await settle(page);
  });
}
