import { createHash } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { SignJWT } from 'jose';

export const PASSWORD = 'Demo1234!';

/** Marks the terms as accepted so the first-visit dialog stays closed. */
export async function skipTermsDialog(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: 'termsAccepted', value: 'true', url: baseURL }]);
}

/** Signs in through the login screen and waits to leave it. */
export async function signInAs(page: Page, email: string, password = PASSWORD, landing?: string) {
  await page.goto(landing ? `/login?callbackUrl=${encodeURIComponent(landing)}` : '/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * The verification link the server mails (lib/accounts/email-verification.ts), signed with the e2e
 * AUTH_SECRET: the outbox hides the links of other people's mail.
 */
export async function verificationLink(uid: number, email: string) {
  const secret = process.env.AUTH_SECRET || 'e2e-secret-0123456789abcdef0123456789';
  const key = createHash('sha256').update(`purpose:${secret}`).digest();
  const token = await new SignJWT({ uid, email })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('tna')
    .setAudience('email-verification')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
  return `/api/v1.0/auth/verify-email?token=${encodeURIComponent(token)}`;
}
