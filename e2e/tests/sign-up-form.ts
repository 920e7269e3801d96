import type { Page } from '@playwright/test';

/** Who signs a company up, as the sign-up form asks. */
export interface NewCompany {
  companyName: string;
  /** Typed into the time zone box, then the zone chosen. */
  timeZone: { search: string; option: string };
  street: string;
  city: string;
  state: string;
  zip: string;
  name: string;
  email: string;
  userName: string;
}

/** Fills the sign-up form (`/register`); the password twice unless `confirm` says otherwise. Answers the form. */
export async function fillSignUpForm(page: Page, company: NewCompany, password: string, confirm = password) {
  const form = page.getByRole('form', { name: 'Create Account' });
  await form.getByRole('textbox', { name: 'Company Name' }).fill(company.companyName);
  await form.getByRole('combobox', { name: 'Time Zone' }).fill(company.timeZone.search);
  await page.getByRole('option', { name: company.timeZone.option }).click();
  await form.getByRole('textbox', { name: 'Street' }).fill(company.street);
  await form.getByRole('textbox', { name: 'City' }).fill(company.city);
  await form.getByRole('textbox', { name: 'State' }).fill(company.state);
  await form.getByRole('textbox', { name: 'Zip' }).fill(company.zip);
  await form.getByRole('textbox', { name: 'Your Name' }).fill(company.name);
  await form.getByRole('textbox', { name: 'Email' }).fill(company.email);
  await form.getByRole('textbox', { name: 'User Name' }).fill(company.userName);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByLabel('Confirm Password').fill(confirm);
  return form;
}
