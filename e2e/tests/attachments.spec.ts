import { expect, test, type Page } from './fixtures';
import { photo } from './page-actions';
import { openAs } from './session';

// 240013 is one of tech's work orders that no other test reads.
const WORK_ORDER = '240013';
const PATH = `/workOrder/${WORK_ORDER}/edit`;
const PHONE = { width: 390, height: 844 };

/** A user's token through the API, to read what the office's page does not show. */
async function loginToken(page: Page, userName: string): Promise<string> {
  const res = await page.request.post('/api/v1/Account/login', { data: { userName, password: 'demo1234' } });
  return (await res.json()).accessToken;
}

const tiles = (page: Page) => page.getByTestId('attachments').getByTestId('file-tile');
const tile = (page: Page, name: string) => page.getByTestId('attachments').locator(`[data-testid="file-tile"][data-file-name="${name}"]`);

/** Whether every thumbnail in the attachments has loaded as a picture. */
async function thumbnailsLoaded(page: Page): Promise<number[]> {
  return page.getByTestId('attachments').locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
}

test('a technician attaches two photos from a phone; the office sees them, renames one and deletes the other', async ({ browser, page }) => {
  // On the phone: Take photo hands the camera's pictures to the work order.
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, baseURL: test.info().project.use.baseURL });
  const tech = await phone.newPage();
  await openAs(tech, 'tech', PATH);
  const attachments = tech.getByTestId('attachments');
  await expect(attachments.getByText('No files yet.')).toBeVisible();
  const shots = [await photo(tech, '#1c6ea4'), await photo(tech, '#a45a1c')];
  const chooser = tech.waitForEvent('filechooser');
  await attachments.getByRole('button', { name: 'Take photo' }).click();
  await (await chooser).setFiles([
    { name: 'IMG_4101.jpg', mimeType: 'image/jpeg', buffer: shots[0]! },
    { name: 'IMG_4102.jpg', mimeType: 'image/jpeg', buffer: shots[1]! },
  ]);
  await expect(tech.getByText('2 files uploaded')).toBeVisible();
  await expect(tiles(tech)).toHaveCount(2);
  await expect(tile(tech, 'IMG_4101.jpg')).toHaveAttribute('data-state', 'NEW');
  await phone.close();

  // In the office: both thumbnails show, made by the server.
  await openAs(page, 'dispatcher', PATH);
  await expect(tiles(page)).toHaveCount(2);
  await expect.poll(() => thumbnailsLoaded(page)).toEqual([320, 320]);
  await tile(page, 'IMG_4101.jpg').getByRole('button', { name: 'Open IMG_4101.jpg' }).click();
  const viewer = page.getByRole('dialog', { name: 'IMG_4101.jpg' });
  await expect(viewer.getByRole('img', { name: 'IMG_4101.jpg' })).toBeVisible();
  await expect.poll(() => viewer.getByRole('img', { name: 'IMG_4101.jpg' }).evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(1200);
  await page.keyboard.press('Escape');

  // Rename: an empty name is refused with the spec's sentence, the extension is kept.
  await tile(page, 'IMG_4101.jpg').getByRole('button', { name: 'Actions for IMG_4101.jpg' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename File' });
  await rename.getByLabel('New name').fill('  ');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename.getByText('Please Enter New Name.')).toBeVisible();
  await rename.getByLabel('New name').fill('Condenser before cleaning');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByText('File Renamed')).toBeVisible();
  await expect(tile(page, 'Condenser before cleaning.jpg')).toHaveAttribute('data-state', 'UPDATED');

  // Delete asks first; No keeps the file, Yes deletes it.
  await tile(page, 'IMG_4102.jpg').getByRole('button', { name: 'Actions for IMG_4102.jpg' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please Confirm' });
  await expect(confirm.getByText('You Wants To Delete This File?')).toBeVisible();
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(tiles(page)).toHaveCount(2);
  await tile(page, 'IMG_4102.jpg').getByRole('button', { name: 'Actions for IMG_4102.jpg' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Please Confirm' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('File Deleted')).toBeVisible();
  await expect(tiles(page)).toHaveCount(1);
  await expect(tiles(page)).toHaveAttribute('data-file-name', 'Condenser before cleaning.jpg');

  // The remaining photo goes to the customer by e-mail: To is required, then the message waits in the outbox.
  await page.getByRole('button', { name: 'E-mail files' }).click();
  const email = page.getByRole('dialog', { name: 'E-mail files' });
  await expect(email.getByRole('checkbox', { name: 'Condenser before cleaning.jpg' })).toBeChecked();
  await email.getByRole('button', { name: 'Send' }).click();
  await expect(email.getByText('To field is required', { exact: true })).toBeVisible();
  await email.getByRole('combobox', { name: 'To' }).fill('facilities@freshmart.example');
  await email.getByRole('combobox', { name: 'To' }).press('Enter');
  await email.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('The e-mail is on its way.')).toBeVisible();
  await expect(email).toBeHidden();
  const admin = await loginToken(page, 'admin');
  const outbox = await page.request.post('/api/v1/EmailOutbox/list', { headers: { authorization: `Bearer ${admin}` }, data: { skip: 0, take: 25 } });
  const sent = (await outbox.json()).data.find((m: { subject: string }) => m.subject === `Work Order ${WORK_ORDER}`);
  expect(sent).toMatchObject({ status: 'queued' });

  // After a reload the server's answer is what shows.
  await page.reload();
  await expect(page.getByTestId('attachments').getByText('1 file', { exact: true })).toBeVisible();
  await expect(tiles(page)).toHaveCount(1);
});

test('a file of a type the work order does not take is refused with the reason, and nothing is added', async ({ page }) => {
  await openAs(page, 'dispatcher', PATH);
  const attachments = page.getByTestId('attachments');
  await expect(attachments.getByText(/\d+ files?$|^No files yet\.$/).first()).toBeVisible();
  const before = await tiles(page).count();
  await attachments.locator('input[type="file"]').setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await expect(page.getByText('setup.exe: only jpeg, jpg, png, heic, pdf, xls, xlsx, csv, txt, doc, docx files are accepted here.')).toBeVisible();
  // A file whose name says picture but whose content is not is refused by the server.
  await attachments.locator('input[type="file"]').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html>not a photo</html>') });
  await expect(page.getByText('photo.jpg is not a jpg file: its content does not match its type.')).toBeVisible();
  await page.reload();
  await expect(attachments.getByText(/\d+ files?$|^No files yet\.$/).first()).toBeVisible();
  expect(await tiles(page).count()).toBe(before);
});

test('the office writes the work description with the rich text editor, and it reads back as written', async ({ page }) => {
  await openAs(page, 'dispatcher', PATH);
  const section = page.getByTestId('work-description');
  await section.getByRole('button', { name: /^(Write|Edit)$/ }).click();
  const editor = section.getByRole('textbox', { name: 'Work description' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Replaced the ');
  await section.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('fan motor');
  await section.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' and cleaned the coil.');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Work description saved')).toBeVisible();
  const shown = section.getByTestId('work-description-html');
  await expect(shown).toHaveText('Replaced the fan motor and cleaned the coil.');
  await expect(shown.locator('strong')).toHaveText('fan motor');
  await page.reload();
  await expect(page.getByTestId('work-description-html').locator('strong')).toHaveText('fan motor');
});
