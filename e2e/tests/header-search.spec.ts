import { expect, test, type Page } from './fixtures';
import { shot } from './page-actions';
import { openAs } from './session';


const box = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Search' });
const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' });

test.describe('the header search (desktop)', () => {
  test('a misspelt problem finds its work orders; arrows and Enter open the one chosen', async ({ page }) => {
    await openAs(page, 'dispatcher', '/home');
    await box(page).click();
    await box(page).pressSequentially('walkin coolr', { delay: 20 });
    await expect(page.getByText('Loading...').first()).toBeVisible();
    const options = results(page).getByRole('option');
    await expect(options.first()).toBeVisible();
    await expect(results(page).getByText('Work Orders')).toBeVisible();
    await expect(options.first()).toContainText('Walk-in cooler');
    await shot(page, 'header-desktop');
    const number = (await options.first().locator('p').first().textContent())!.trim();
    await box(page).press('ArrowDown');
    await box(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/workOrder/${number}/edit$`));
    await expect(page.getByRole('heading', { name: `Work Order ${number}` })).toBeVisible();
    await expect(box(page)).toHaveValue('');
  });

  test('a typo in a customer name, Enter with nothing chosen, opens the search page with every group', async ({ page }) => {
    await openAs(page, 'dispatcher', '/home');
    await box(page).fill('freshmrt');
    await expect(results(page).getByText('Customers')).toBeVisible();
    await expect(results(page).getByRole('option').first()).toContainText('FreshMart');
    await box(page).press('Enter');
    await expect(page).toHaveURL(/\/home\/searchRecords\?q=freshmrt$/);
    await expect(page).toHaveTitle('Search - WebBased');
    const customers = page.getByRole('region', { name: 'Customers' });
    await expect(customers.getByRole('link').first()).toContainText('FreshMart');
    await expect(customers.getByRole('link').first()).toHaveAttribute('href', /^\/customer\/\d+$/);
    await shot(page, 'page-desktop');

    // Refining on the page searches again; contacts open their customer.
    await page.getByRole('textbox', { name: 'Search records' }).fill('maria garcia');
    await expect(page).toHaveURL(/q=maria(\+|%20)garcia$/);
    const contacts = page.getByRole('region', { name: 'Contacts' });
    await expect(contacts.getByRole('link').first()).toHaveText(/Maria Garcia/);
    await expect(contacts.getByRole('link').first()).toHaveAttribute('href', /^\/customer\/\d+$/);
  });

  test('says No Options when nothing matches, and shows nothing of another company', async ({ page }) => {
    await openAs(page, 'dispatcher', '/home');
    await box(page).fill('zzqxv');
    await expect(page.getByText('No Options')).toBeVisible();
    await box(page).fill('biscayne bay');
    await expect(page.getByText('No Options')).toBeVisible();
    await openAs(page, 'coastal.admin', '/home');
    await box(page).fill('biscayne bay');
    await expect(results(page).getByRole('option').first()).toContainText('Biscayne Bay Seafood');
  });
});

test.describe('the search page (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the header offers a search button that opens the page', async ({ page }) => {
    await openAs(page, 'tech', '/home');
    await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/home\/searchRecords$/);
    await page.getByRole('textbox', { name: 'Search records' }).fill('pecn lodg');
    await expect(page.getByRole('region', { name: 'Customers' }).getByRole('link').first()).toHaveText('Pecan Lodge Deep Ellum');
    await expect(page.getByRole('region', { name: 'Contacts' })).toHaveCount(0);
    await shot(page, 'page-phone');
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
  });
});
