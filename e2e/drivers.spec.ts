import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The drivers' side of the marketplace (issue 10), in the browser on a fresh seeded database: a
 * visitor on a public job signs up as a driver and comes back to the job, fills the profile, finds
 * a job near home in the Drivers Portal, sees why it matches and applies.
 */

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'termsAccepted', value: 'true', url: baseURL! }]);
});

const TANKER = 'Local Tanker Driver (Hazmat)';

/** The public page of a seeded job, found through the sitemap (ids depend on the seed). */
async function publicJobPath(request: APIRequestContext, title: string) {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const [, path] of sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/jobs\/\d+)<\/loc>/g)) {
    if ((await (await request.get(path)).text()).includes(title)) return path;
  }
  throw new Error(`no public job titled ${title}`);
}

test('a new driver signs up from a public job, fills the profile, finds a job near home and applies', async ({ page, request }) => {
  const path = await publicJobPath(request, TANKER);
  const jobId = path.split('/').pop();
  const email = `driver.${Date.now().toString(36)}@haul.test`;

  // A visitor on the public job: Apply, as a new driver.
  await page.goto(path);
  await expect(page.getByRole('link', { name: 'Apply', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'New driver? Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your driver account' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Confirm email').fill(email);
  await page.getByLabel('First name').fill('Hank');
  await page.getByLabel('Last name').fill('Rivers');
  await page.getByLabel('Phone').pressSequentially('7135550142');
  await page.getByLabel('Password', { exact: true }).fill('Haul1234!');
  await page.getByLabel('Confirm password', { exact: true }).fill('Haul1234!');
  await page.getByRole('button', { name: "Let's Go" }).click();

  // Back on the job, now in the Drivers Portal; without a profile there is no match yet.
  await page.waitForURL(`**/members/jobs/${jobId}`);
  await expect(page.getByRole('heading', { level: 1, name: TANKER })).toBeVisible();
  // The tab and the history entry name the job (every job read "Job").
  await expect(page).toHaveTitle(`${TANKER} | Drivers Portal | TNA`);
  await page.getByRole('link', { name: 'Complete your profile' }).click();

  // The profile: a ZIP the gazetteer does not know is refused with a clear message first.
  await page.waitForURL('**/members/settings?tab=profile');
  const form = page.getByRole('form', { name: 'Driver profile' });
  await form.getByLabel('CDL status').selectOption({ label: 'Class A' });
  await form.getByLabel(/^Experience/).selectOption({ label: '2+ years' });
  await form.getByLabel('Years of experience').fill('4');
  await form.getByLabel('Preferred home time').selectOption({ label: 'Home daily' });
  await form.getByRole('group', { name: 'Endorsements' }).getByLabel('Hazmat', { exact: true }).check();
  await form.getByRole('group', { name: 'Endorsements' }).getByLabel('Tanker', { exact: true }).check();
  await form.getByRole('group', { name: /Work experience/ }).getByLabel('Tanker', { exact: true }).check();
  await form.getByLabel('Home ZIP code').fill('00000');
  await form.getByLabel('How far will you travel? (miles)').fill('50');
  // A look at another tab keeps what was typed and not saved yet.
  await page.getByRole('tab', { name: 'Password' }).click();
  await expect(form).toBeHidden();
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(form.getByLabel('Years of experience')).toHaveValue('4');
  await expect(form.getByLabel('Home ZIP code')).toHaveValue('00000');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form.getByText('We could not find this ZIP code. Check it and try again.')).toBeVisible();
  await form.getByLabel('Home ZIP code').fill('77007');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(form.getByTestId('profile-percent')).toHaveText('100%');
  await expect(form.getByText('Houston, TX')).toBeVisible();

  // Find a job near home: keywords and a radius from home.
  await page.getByRole('link', { name: 'Find Jobs' }).first().click();
  await page.waitForURL('**/members/jobs');
  await page.getByLabel('Keywords').fill('Tanker');
  await page.getByLabel('Distance from home').selectOption({ label: 'Within 25 miles' });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL(/radius=25/);
  const results = page.getByRole('list', { name: 'Jobs' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.getByTestId('job-distance')).toHaveText('Less than 10 miles');
  await results.getByRole('link', { name: TANKER }).click();

  // The job: distance, why it matches, Apply.
  await page.waitForURL(`**/members/jobs/${jobId}`);
  await expect(page.getByTestId('job-distance')).toHaveText('Less than 10 miles');
  const why = page.getByRole('region', { name: 'Why this match' });
  await expect(why.getByText('Distance from home')).toBeVisible();
  // Everything but the endorsements: the job also wants TWIC (100 - 15 points). It wants the
  // Tanker/hazmat combo too, which the driver's Hazmat and Tanker hold (lib/drivers/match.ts heldEndorsements).
  await expect(why.getByText('85%')).toBeVisible();
  await expect(why.getByText('Endorsements: not met')).toBeAttached();
  // And why: what the job asks against what the profile says.
  await expect(why.getByText(/^Job needs .*Tanker\/hazmat combo.*; profile lacks TWIC$/)).toBeVisible();
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await page.getByLabel('Message to the company (optional)').fill('Hazmat and tanker endorsed, can start Monday.');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Application sent. The company will be in touch.')).toBeVisible();
  await expect(page.getByText(/You applied on/)).toBeVisible();

  // My applications: job, company, date, status.
  await page.getByRole('link', { name: 'Your applications' }).click();
  await page.waitForURL('**/members/applications');
  const item = page.getByRole('list', { name: 'Applications' }).getByRole('listitem').first();
  await expect(item.getByRole('link', { name: TANKER })).toBeVisible();
  await expect(item.getByText('Demo Freight Lines')).toBeVisible();
  await expect(item.getByText('Applied', { exact: true })).toBeVisible();
});

test('the login page offers the drivers path, which keeps where the driver was going', async ({ page }) => {
  await page.goto('/login?callbackUrl=%2Fmembers%2Fjobs');
  await page.getByRole('link', { name: 'create a driver account' }).click();
  await expect(page).toHaveURL(/\/signup\?role=driver&callbackUrl=%2Fmembers%2Fjobs/);
  await expect(page.getByRole('heading', { name: 'Create your driver account' })).toBeVisible();
});

test('the demo driver sees best matches on home, nearest first among equals', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('driver@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/members/home');
  const best = page.getByRole('list', { name: 'Best matching jobs' });
  await expect(best.getByRole('listitem').first()).toBeVisible();
  const percents = (await best.getByText(/% match$/).allTextContents()).map((t) => parseInt(t, 10));
  expect(percents.length).toBeGreaterThan(0);
  expect([...percents].sort((a, b) => b - a)).toEqual(percents);
});

test('a job with the hyperlink add-on sends a signed-in driver to the company site, as its public page does', async ({ page, request }) => {
  const FLATBED = 'Regional Flatbed Driver - Home Every Weekend';
  const path = await publicJobPath(request, FLATBED);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('driver@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/members/home');
  await page.goto(`/members${path}`);
  await expect(page.getByRole('heading', { level: 1, name: FLATBED })).toBeVisible();
  const apply = page.getByRole('region', { name: 'Apply' });
  await expect(apply.getByRole('link', { name: 'Apply on company site' })).toHaveAttribute('href', 'https://example.com/careers/flatbed');
  await expect(apply.getByRole('button', { name: 'Apply', exact: true })).toHaveCount(0);
});

test('an applications page past the last one says so and leads back (it said "No applications yet"); withdrawing one asks first and frees the job to apply again', async ({ page, request }) => {
  const ip = { 'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9` };
  const email = `driver.p.${Date.now().toString(36)}@haul.test`;
  const signup = await request.post('/api/v1.0/auth/signup', { data: { email, password: 'Haul1234!', first_name: 'Pat', last_name: 'Pager', phone: '(214)555-0143', role: 'member', tn_newsletters: false }, headers: ip });
  expect(signup.status(), await signup.text()).toBeLessThan(300);
  const token = (await (await request.post('/api/v1.0/auth/login', { data: { email, password: 'Haul1234!' }, headers: ip })).json()).data.accessToken as string;
  const jobId = (await publicJobPath(request, TANKER)).split('/').pop();
  expect((await request.post(`/api/v1.0/jobs/${jobId}/apply`, { data: {}, headers: { authorization: `Bearer ${token}` } })).status()).toBe(201);

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Haul1234!');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/members/home');
  await page.goto('/members/applications?offset=500');
  await expect(page.getByText('This page is past your last application')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the first page' }).click();
  await expect(page.getByRole('list', { name: 'Applications' }).getByRole('link', { name: TANKER })).toBeVisible();

  // Withdrawing asks first, then the application leaves the list and the job can be applied to again.
  await page.getByRole('button', { name: `Withdraw your application to ${TANKER}` }).click();
  const ask = page.getByRole('dialog', { name: 'Withdraw this application?' });
  await expect(ask).toContainText('You can apply again while the job is open.');
  await page.screenshot({ path: 'test-results/withdraw-application.png' });
  await ask.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText(`Your application to ${TANKER} has been withdrawn.`)).toBeVisible();
  await expect(page.getByText('No applications yet')).toBeVisible();
  await expect(page.locator('#main')).toBeFocused();
  await page.goto(`/members/jobs/${jobId}`);
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeVisible();
});
