import { expect, test, type Page } from './fixtures';
import { choose, shot } from './page-actions';
import { openAs } from './session';

const PHONE = { width: 390, height: 844 };
// A name no demo customer has, unique per run of the spec (one database per run).
const NAME = 'Glacier Point Ice Arena';
const LOCATION = 'Glacier Point Skate Shop';

test.describe.configure({ mode: 'serial' });

const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

test('a dispatcher adds a billing customer with a GPS position, a location of it and a contact, then finds it', async ({ page }) => {
  await openAs(page, 'dispatcher', '/customer');
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Customers' }).getByRole('link', { name: 'FreshMart Grocers Inc.' })).toBeVisible();
  await shot(page, 'grid-desktop');
  await page.getByRole('link', { name: 'Add Customer' }).click();
  await expect(page).toHaveURL(/\/customer\/add$/);

  // The first failing rule is shown before anything is sent.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name field is required!').first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(NAME);
  const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
  await phone.fill('+1 (214) 555 0177');
  await phone.blur();
  await expect(phone).toHaveValue('214-555-0177');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('office@glacierpoint.example');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('2500 Victory Ave');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Dallas');
  await page.getByRole('textbox', { name: 'State', exact: true }).fill('tx');
  await page.getByRole('textbox', { name: 'Zip', exact: true }).fill('75219');
  const gps = page.getByTestId('gps-input');
  await gps.fill('north of the arena');
  await expect(page.getByText(/GPS position is not readable/)).toBeVisible();
  await gps.fill(`32°47'25"N, 96°48'37"W`);
  await expect(page.getByText('Position: 32.790278, -96.810278')).toBeVisible();
  await page.getByRole('combobox', { name: 'Time Zone' }).click();
  await page.getByRole('option', { name: 'America/Chicago', exact: true }).click();
  await shot(page, 'add-desktop');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await expect(page).toHaveURL(/\/customer\/\d+$/);
  const billingUrl = page.url();
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('214-555-0177');
  await expect(details).toContainText('32.790278, -96.810278');
  await expect(details).toContainText('America/Chicago');
  await expect(page.getByText('Billing customer', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Work Order' })).toHaveAttribute('href', new RegExp(`/workOrder/create\\?customerId=${billingUrl.split('/').pop()}$`));
  // A dispatcher may not see the credit limit.
  await expect(page.getByRole('region', { name: 'Credit' })).toHaveCount(0);

  // A service location of it.
  await page.getByRole('link', { name: 'Add Location' }).click();
  await expect(page).toHaveURL(/\/customer\/add\?billingCustomerId=\d+$/);
  await expect(page.getByRole('heading', { name: 'Add Location' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Billing Customer' })).toHaveValue(NAME);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(LOCATION);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('2500 Victory Ave, Unit B');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Dallas');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: LOCATION })).toBeVisible();
  await expect(page.getByText('Location billed to')).toBeVisible();
  await page.getByRole('link', { name: NAME }).click();
  await expect(page).toHaveURL(billingUrl);
  await expect(page.getByRole('list', { name: 'Locations' }).getByRole('link', { name: LOCATION })).toBeVisible();

  // A contact, then a change to it, then its deletion after a confirmation.
  const contacts = page.getByRole('region', { name: /^Contacts/ });
  await contacts.getByRole('button', { name: 'Add Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Contact' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Robin Hale');
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Rink Manager');
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('(214) 555-0178');
  await dialog.getByLabel('Primary contact').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const contactList = contacts.getByRole('list', { name: 'Contacts' });
  await expect(contactList).toContainText('Robin Hale');
  await expect(contactList).toContainText('214-555-0178');
  await expect(contactList).toContainText('Primary');
  await shot(page, 'details-desktop');

  // The look-up finds it by name and by phone typed another way.
  await page.goto('/customer/look-up');
  await expect(page.getByText('Find a customer')).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Search customers' });
  await search.fill('nothing like this');
  await expect(page.getByText('No customers found')).toBeVisible();
  await search.fill('glacier point');
  const found = page.getByRole('list', { name: 'Customers found' });
  await expect(found.getByRole('link', { name: NAME })).toBeVisible();
  await expect(found.getByRole('link', { name: LOCATION })).toContainText(`Billed to ${NAME}`);
  await search.fill('(214) 555-0177');
  // The phone's own results: the search has settled into the address (the name's results stay shown meanwhile).
  await expect(page).toHaveURL(/\?search=%28214%29\+555-0177$/);
  await expect(found.getByRole('link', { name: NAME })).toBeVisible();
  await shot(page, 'look-up-desktop');
  await found.getByRole('link', { name: NAME }).click();
  await expect(page).toHaveURL(billingUrl);
});

test('a location saved by its address is placed on the map; one the geocoder cannot place is saved without coordinates, saying so', async ({ page }) => {
  await openAs(page, 'dispatcher', '/customer');
  await page.getByRole('table', { name: 'Customers' }).getByRole('link', { name: 'FreshMart Grocers Inc.' }).click();
  await expect(page.getByRole('heading', { name: 'FreshMart Grocers Inc.' })).toBeVisible();
  const billingUrl = page.url();
  const addLocation = async (name: string, address: string, zip: string) => {
    await page.getByRole('link', { name: 'Add Location' }).click();
    await expect(page.getByRole('heading', { name: 'Add Location' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill(address);
    await page.getByRole('textbox', { name: 'City', exact: true }).fill('Dallas');
    await page.getByRole('textbox', { name: 'State', exact: true }).fill('tx');
    await page.getByRole('textbox', { name: 'Zip', exact: true }).fill(zip);
    await page.getByRole('button', { name: 'Save' }).click();
  };

  // No GPS typed: the geocoder beside the server places the address (a demo address, where the demo has it).
  await addLocation('FreshMart #140 Deep Ellum', '2702 Main St', '75226');
  await expect(page.getByRole('heading', { name: 'FreshMart #140 Deep Ellum' })).toBeVisible();
  await expect(page).toHaveURL(/\/customer\/\d+$/);
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('32.784200, -96.783800');

  // The geocoder fails: the location is saved without coordinates, and the form stays open saying so.
  await page.goto(billingUrl);
  await addLocation('FreshMart #141 Nowhere', '1 geocode-fail St', '75201');
  const sentence = 'The address could not be placed on the map; the location was saved without coordinates.';
  await expect(page.getByTestId('geocode-notice')).toHaveText(sentence);
  await expect(page).toHaveURL(/\/customer\/\d+\/edit$/);
  await expect(page.getByRole('heading', { name: 'Edit FreshMart #141 Nowhere' })).toBeVisible();
  await expect(page.getByTestId('gps-input')).toHaveValue('');
  await shot(page, 'geocode-failed-desktop');
  // On a phone, opened afresh: the sentence stays with the form.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId('geocode-notice')).toHaveText(sentence);
  await noSideScroll(page);
  await shot(page, 'geocode-failed-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  // A position typed then places it.
  await page.getByTestId('gps-input').fill('32.7801, -96.8002');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/customer\/\d+$/);
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('32.780100, -96.800200');
});

test('the customer page and the look-up fit a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openAs(page, 'dispatcher', '/customer/look-up');
  await page.getByRole('textbox', { name: 'Search customers' }).fill('glacier');
  const found = page.getByRole('list', { name: 'Customers found' });
  await expect(found.getByRole('link', { name: NAME })).toBeVisible();
  await noSideScroll(page);
  await shot(page, 'look-up-phone');
  await found.getByRole('link', { name: NAME }).click();
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Contacts' })).toContainText('Robin Hale');
  await noSideScroll(page);
  await shot(page, 'details-phone');

  // Deleting a contact asks first.
  await page.getByRole('button', { name: 'Delete Robin Hale' }).click();
  await page.getByRole('dialog', { name: 'Delete Contact' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('list', { name: 'Contacts' })).toContainText('Robin Hale');
  await page.getByRole('button', { name: 'Delete Robin Hale' }).click();
  await page.getByRole('dialog', { name: 'Delete Contact' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No contacts yet.')).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Edit ${NAME}` })).toBeVisible();
  await expect(page.getByTestId('gps-input')).toHaveValue(/^32\.79027\d*, -96\.81027\d*$/);
  await noSideScroll(page);
  await shot(page, 'edit-phone');
});

test('contacts: a dispatcher has no export; an administrator adds a contact, exports CSV and merges the location into its billing customer', async ({ page }) => {
  await openAs(page, 'dispatcher', '/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Contact' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);

  await openAs(page, 'admin', '/contacts');
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Contact' });
  await choose(page, 'Customer', new RegExp(`^${LOCATION}`), 'skate shop');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Sam Ortiz');
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('sam@');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Email is not a valid e-mail address.').first()).toBeVisible();
  // A valid address that a spreadsheet would read as a formula.
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('=sam@glacierpoint.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Contacts' })).toContainText('Sam Ortiz');
  await shot(page, 'contacts-desktop');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('contacts.csv');
  const { readFileSync } = await import('node:fs');
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('Customer,Name,Title,Phone,Email,Primary\r\n')).toBe(true);
  expect(csv).toContain(`${LOCATION},Sam Ortiz,,,'=sam@glacierpoint.example,No`);

  await page.goto('/administration/mergeCustomer');
  await expect(page.getByRole('heading', { name: 'Merge Customers' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Merge' })).toBeDisabled();
  await choose(page, 'Customer to keep', new RegExp(`^${NAME}`), 'ice arena');
  await choose(page, 'Duplicate to merge into it', new RegExp(`^${LOCATION}`), 'skate shop');
  const mergeSide = page.getByRole('region', { name: 'Merge and delete' });
  await expect(mergeSide).toContainText('1 contact');
  await expect(page.getByRole('region', { name: 'Keep' })).toContainText('1 location');
  await shot(page, 'merge-desktop');
  await page.getByRole('button', { name: 'Merge' }).click();
  const ask = page.getByRole('dialog', { name: 'Merge Customers' });
  await expect(ask).toContainText(`Merge ${LOCATION} into ${NAME}? This cannot be undone.`);
  await ask.getByRole('button', { name: 'Merge' }).click();
  const done = page.getByRole('status').filter({ hasText: `${LOCATION} was merged into ${NAME}` });
  await expect(done).toBeVisible();
  await expect(done).toContainText('1 contact');
  await expect(done).toContainText('0 work orders');
  await done.getByRole('link', { name: `Open ${NAME}` }).click();
  await expect(page.getByRole('list', { name: 'Contacts' })).toContainText('Sam Ortiz');
  await expect(page.getByText('No service locations are billed to this customer yet.')).toBeVisible();
});

test('the Tax Exempt dialog: an administrator exempts the customer with a certificate and its scan; a dispatcher may not add scans', async ({ page }) => {
  await openAs(page, 'admin', '/customer/look-up');
  await page.getByRole('textbox', { name: 'Search customers' }).fill('glacier');
  await page.getByRole('list', { name: 'Customers found' }).getByRole('link', { name: NAME }).click();
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await page.getByRole('button', { name: 'Tax Exempt' }).click();
  const dialog = page.getByRole('dialog', { name: `Tax Exempt: ${NAME}` });
  await dialog.getByRole('switch', { name: 'Tax exempt' }).check();
  await dialog.getByRole('textbox', { name: 'Certificate Number' }).fill('TX-01-339245');
  await dialog.getByLabel('Expires On').fill('2020-12-31');
  await expect(dialog.getByRole('status')).toContainText('This certificate has expired');
  await dialog.getByLabel('Expires On').fill('2028-12-31');
  const scans = dialog.getByRole('region', { name: 'Exempt certificates' });
  await scans.locator('input[type="file"]').setInputFiles({ name: 'Certificate 2028.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(scans.getByText('Certificate 2028.pdf')).toBeVisible();
  await shot(page, 'tax-exempt');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Tax exempt', { exact: true })).toBeVisible();

  await openAs(page, 'dispatcher', page.url().replace(/^https?:\/\/[^/]+/, ''));
  await page.getByRole('button', { name: 'Tax Exempt' }).click();
  const again = page.getByRole('dialog', { name: `Tax Exempt: ${NAME}` });
  await expect(again.getByRole('textbox', { name: 'Certificate Number' })).toHaveValue('TX-01-339245');
  await expect(again.getByRole('switch', { name: 'Tax exempt' })).toBeChecked();
  await expect(again.getByRole('region', { name: 'Exempt certificates' }).getByText('Certificate 2028.pdf')).toBeVisible();
  await expect(again.getByText('Only a Super Admin or a Payroll Manager may add certificate files.')).toBeVisible();
  await expect(again.getByRole('button', { name: 'Add files: drop them here or choose them' })).toHaveCount(0);
});
