import { expect, type Page } from '@playwright/test';

/** Signs a demo user in through the login page, as a person would. */
export async function signIn(page: Page, userName: string, password = 'demo1234') {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('User Name').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Where each demo user lands after signing in (spec platform 2.4; boards not built yet fall back to /home). */
export const LANDINGS: Record<string, string> = {
  admin: '/home',
  leader: '/home',
  dispatcher: '/home',
  tech: '/workOrder/mine',
  tech2: '/workOrder/mine',
  payroll: '/home',
  sales: '/home',
  customer: '/home',
  'coastal.admin': '/home',
  'coastal.tech': '/workOrder/mine',
};
