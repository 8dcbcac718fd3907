import fs from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Paying for a job through the sandbox gateway's hosted fields (an iframe): the approving card
 * publishes the job, the declining card shows its reason and leaves it unpublished, and the
 * receipt of the paid order downloads as a PDF.
 */

const EMAIL = 'employer@demo.test';
const PASSWORD = 'Demo1234!';
const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;

async function bearer(request: APIRequestContext) {
  const res = await request.post('/api/v1.0/auth/login', { data: { email: EMAIL, password: PASSWORD, role: 'employer' }, headers: { 'x-forwarded-for': randomIp() } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data.accessToken as string;
}

/** An unpaid job as the wizard saves it: two addresses and a boost ($500). */
async function createJob(request: APIRequestContext, token: string, title: string) {
  const res = await request.post('/api/v1.0/jobs', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      job_type: 'dry_van',
      home_time: 'HW',
      required_experience: 'Y1',
      job_description: '<p>Regional lanes, home every weekend.</p>',
      expected_pay: 1500,
      salary_type: 'weekly',
      addresses: [
        { description: 'Dallas, TX 75201, USA', city: 'Dallas', state: 'TX', postal_code: '75201' },
        { description: 'Houston, TX 77002, USA', city: 'Houston', state: 'TX', postal_code: '77002' },
      ],
      addons: [{ addon_type: 'boost', subscribed: true }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.jobs[0].id as number;
}

async function paymentState(request: APIRequestContext, token: string, jobId: number) {
  const res = await request.get(`/api/v1.0/payment/company/invoice/summary?job_id=${jobId}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data as { paid: boolean; payment_status: string };
}

let session: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>> | undefined;

/**
 * Signs in once through next-auth's credentials call (what the login form sends), so a slow login
 * screen on a busy machine cannot fail these payment tests; later tests reuse the cookies.
 */
async function signedInPage(browser: Browser, baseURL: string): Promise<Page> {
  if (!session) {
    const ctx = await browser.newContext({ baseURL });
    await ctx.addCookies([{ name: 'termsAccepted', value: 'true', url: baseURL }]);
    const { csrfToken } = await (await ctx.request.get('/api/auth/csrf')).json();
    const res = await ctx.request.post('/api/auth/callback/credentials', {
      form: { csrfToken, email: EMAIL, password: PASSWORD, device_id: 'e2e-payments', terms_accepted: 'true', json: 'true' },
      headers: { 'x-forwarded-for': randomIp() },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    session = await ctx.storageState();
    expect(session.cookies.some((c) => c.name.includes('session-token'))).toBe(true);
    await ctx.close();
  }
  const ctx = await browser.newContext({ baseURL, storageState: session });
  return ctx.newPage();
}

async function payWithCard(page: Page, jobId: number, number: string) {
  await page.goto(`/company/jobs/new/payment-method?job_id=${jobId}&draft=new`);
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$500.00');
  // A company that already has a saved card is offered it first: pay with a new one.
  const newCard = page.getByRole('radio', { name: /Use a new card/ });
  if (await newCard.isVisible()) await newCard.click();
  await page.locator('iframe[title="Secure card form"][data-ready="true"]').waitFor();
  const card = page.frameLocator('iframe[title="Secure card form"]');
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiration (MM/YY)').fill('12/34');
  await card.getByLabel('Security code').fill('123');
  await card.getByLabel('Card holder name').fill('Emma Recruiter');
  // A double click must not pay twice.
  await page.getByTestId('pay-button').dblclick();
}

test.describe('payments', () => {
  // Argon2 sign-in and first compiles are slow on a busy machine.
  test.setTimeout(150_000);

  test('pays a job with the approving card through the hosted fields and publishes it', async ({ browser, baseURL, request }) => {
    const token = await bearer(request);
    const jobId = await createJob(request, token, 'E2E Paid Driver');
    expect((await paymentState(request, token, jobId)).paid).toBe(false);
    const page = await signedInPage(browser, baseURL!);
    await payWithCard(page, jobId, '4111 1111 1111 1111');
    await expect(page.getByText('Payment completed successfully')).toBeVisible({ timeout: 30_000 });
    await page.waitForURL('**/company/jobs');
    expect(await paymentState(request, token, jobId)).toMatchObject({ paid: true, payment_status: 'paid' });
    // Exactly one paid order for the job, whatever the double click did.
    const orders = await request.get('/api/v1.0/payment/company/invoice?limit=100', { headers: { authorization: `Bearer ${token}` } });
    const mine = ((await orders.json()).data as { title: string; status: string }[]).filter((o) => o.title === 'E2E Paid Driver' && o.status === 'APPROVED');
    expect(mine.length).toBeGreaterThanOrEqual(1);
  });

  test('the declining card shows its message and the job stays unpublished', async ({ browser, baseURL, request }) => {
    const token = await bearer(request);
    const jobId = await createJob(request, token, 'E2E Declined Driver');
    const page = await signedInPage(browser, baseURL!);
    await payWithCard(page, jobId, '4000 0000 0000 0002');
    await expect(page.getByTestId('payment-error')).toContainText('Your card was declined.', { timeout: 30_000 });
    await expect(page.getByText(/ready to use/i)).toHaveCount(0);
    await expect(page).toHaveURL(/payment-method/);
    expect(await paymentState(request, token, jobId)).toMatchObject({ paid: false, payment_status: 'pending' });
  });

  test("Back on the payment step of a saved job, with no wizard draft in this browser, opens that job's add-ons", async ({ browser, baseURL, request }) => {
    const token = await bearer(request);
    const jobId = await createJob(request, token, 'E2E Back Driver');
    const page = await signedInPage(browser, baseURL!);
    // The address "Pay now" in the list links to, in a fresh browser context (nothing in sessionStorage).
    await page.goto(`/company/jobs/new/payment-method?job_id=${jobId}`);
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    // The same job's add-ons, not a blank "Create a new job" that would post a second job.
    await page.waitForURL(`**/company/jobs/${jobId}/addons`);
    await expect(page.getByRole('checkbox', { name: /Boost/ })).toBeChecked();
  });

  test('card setup in Settings: the declining card shows the decline, never a success, and is not saved', async ({ browser, baseURL, request }) => {
    const token = await bearer(request);
    const page = await signedInPage(browser, baseURL!);
    await page.goto('/company/settings/payment');
    const replace = page.getByRole('button', { name: 'Replace card' });
    const save = page.getByRole('button', { name: 'Save card' });
    await expect(replace.or(save)).toBeVisible();
    if (await replace.isVisible()) await replace.click();
    await page.locator('iframe[title="Secure card form"][data-ready="true"]').waitFor();
    const card = page.frameLocator('iframe[title="Secure card form"]');
    await card.getByLabel('Card number').fill('4000 0000 0000 0002');
    await card.getByLabel('Expiration (MM/YY)').fill('12/34');
    await card.getByLabel('Security code').fill('123');
    await card.getByLabel('Card holder name').fill('Emma Recruiter');
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/ready to use/i)).toHaveCount(0);
    await expect(page.locator('[data-card-status="success"]')).toHaveCount(0);
    await expect(page.getByText('Updated successfully')).toHaveCount(0);
    const saved = await request.get('/api/v1.0/payment/company/billing', { headers: { authorization: `Bearer ${token}` } });
    expect(((await saved.json()).data as { masked_number?: string } | null)?.masked_number ?? '').not.toMatch(/0002$/);
  });

  test('the card form checks the number before anything is sent', async ({ browser, baseURL, request }) => {
    const token = await bearer(request);
    const jobId = await createJob(request, token, 'E2E Typo Driver');
    const page = await signedInPage(browser, baseURL!);
    await payWithCard(page, jobId, '4111 1111 1111 1112');
    const card = page.frameLocator('iframe[title="Secure card form"]');
    await expect(card.getByText('Invalid credit card number.')).toBeVisible();
    expect((await paymentState(request, token, jobId)).paid).toBe(false);
  });

  test('add-ons added to a live job are paid on the payment page (action=addons), then shown on the job', async ({ browser, baseURL, request }) => {
    const token = await bearer(request);
    const jobId = await createJob(request, token, 'E2E Add-ons Driver');
    const page = await signedInPage(browser, baseURL!);
    await payWithCard(page, jobId, '4111 1111 1111 1111');
    await page.waitForURL('**/company/jobs', { timeout: 30_000 });
    await page.goto(`/company/jobs/${jobId}/detail`);
    await page.getByRole('link', { name: 'Add add-ons' }).click();
    await page.getByRole('checkbox', { name: /Promote/ }).check();
    // What the next step charges is the total; the period's price is shown apart.
    await expect(page.getByTestId('order-total')).toHaveText('$100.00');
    await expect(page.getByTestId('order-period-total')).toHaveText(/^\$\d+\.00$/);
    await expect(page.getByTestId('order-total-footer')).toHaveText('$100.00');
    await page.screenshot({ path: `test-results/addons-due-now-${process.env.E2E_RUN_ID ?? 'local'}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/payment-method\?job_id=\d+&action=addons/);
    await expect(page.getByRole('heading', { name: 'Pay for add-ons' })).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText('$100.00');
    // The approved card of the posting is the company's saved card now.
    await page.getByRole('button', { name: 'Pay $100.00' }).click();
    await expect(page.getByText('Payment completed successfully')).toBeVisible({ timeout: 30_000 });
    await page.waitForURL(`**/company/jobs/${jobId}/detail`);
    await expect(page.getByText('Promote', { exact: true })).toBeVisible();
  });

  test('a new address and the hyperlink on a live job wait as "Pending payment" and go public only once paid', async ({ browser, baseURL, request }) => {
    const token = await bearer(request);
    const jobId = await createJob(request, token, 'E2E Pending Driver');
    const page = await signedInPage(browser, baseURL!);
    await payWithCard(page, jobId, '4111 1111 1111 1111');
    await page.waitForURL('**/company/jobs', { timeout: 30_000 });
    const auth = { authorization: `Bearer ${token}` };
    const link = 'https://careers.example.com/e2e-pending';
    const addresses = [
      { description: 'Dallas, TX 75201, USA', city: 'Dallas', state: 'TX', postal_code: '75201' },
      { description: 'Houston, TX 77002, USA', city: 'Houston', state: 'TX', postal_code: '77002' },
      { description: 'Austin, TX 78701, USA', city: 'Austin', state: 'TX', postal_code: '78701' },
    ];
    expect((await request.patch(`/api/v1.0/jobs/${jobId}/addresses`, { headers: auth, data: { addresses } })).ok()).toBeTruthy();
    expect((await request.patch(`/api/v1.0/jobs/${jobId}/addons`, { headers: auth, data: [{ addon_type: 'hyperlink', subscribed: true, external_url: link }] })).ok()).toBeTruthy();

    // The public page has neither the new address nor the link yet.
    await page.goto(`/jobs/${jobId}`);
    await expect(page.getByText(/Dallas, TX/).first()).toBeVisible();
    await expect(page.getByText(/Austin, TX/)).toHaveCount(0);
    await expect(page.locator(`a[href="${link}"]`)).toHaveCount(0);

    // The owner sees both as pending, with a way to pay.
    await page.goto(`/company/jobs/${jobId}/detail`);
    await expect(page.getByTestId('pending-changes')).toBeVisible();
    await expect(page.getByTestId('pending-payment')).toHaveCount(2);
    await page.screenshot({ path: `test-results/pending-payment-${process.env.E2E_RUN_ID ?? 'local'}.png`, fullPage: true });
    await page.getByRole('link', { name: 'Pay pending changes' }).click();
    await page.waitForURL(/payment-method\?job_id=\d+&action=addons/);
    await expect(page.getByTestId('order-total')).toHaveText('$250.00');
    await page.getByRole('button', { name: 'Pay $250.00' }).click();
    await expect(page.getByText('Payment completed successfully')).toBeVisible({ timeout: 30_000 });
    await page.waitForURL(`**/company/jobs/${jobId}/detail`);
    await expect(page.getByTestId('pending-payment')).toHaveCount(0);

    await page.goto(`/jobs/${jobId}`);
    await expect(page.getByText(/Austin, TX/).first()).toBeVisible();
    await expect(page.locator(`a[href="${link}"]`).first()).toBeVisible();
  });

  test('the receipt of a paid order downloads as a PDF', async ({ browser, baseURL }) => {
    const page = await signedInPage(browser, baseURL!);
    await page.goto('/company/settings/billing/order-history');
    await expect(page.getByRole('heading', { name: 'Order history' })).toBeVisible();
    const receipt = page.getByRole('button', { name: /Download the receipt of INV-/ }).first();
    await expect(receipt).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
    expect(download.suggestedFilename()).toMatch(/^receipt-INV-\d{4}-\d{6}\.pdf$/);
    const file = await download.path();
    expect(fs.readFileSync(file!).subarray(0, 4).toString()).toBe('%PDF');
  });
});
