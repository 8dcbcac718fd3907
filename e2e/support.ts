import { expect, type BrowserContext, type Page } from '@playwright/test';

export const PASSWORD = 'Demo1234!';

/** Marks the terms as accepted so the first-visit dialog stays closed. */
export async function skipTermsDialog(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: 'termsAccepted', value: 'true', url: baseURL }]);
}

/** Signs in through the login screen and waits to leave it. */
export async function signInAs(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
  await expect(page).not.toHaveURL(/\/login/);
}
