import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The employer path by keyboard alone (issue 17): sign up, create the company, post a job and pay
 * for it with the card typed into the gateway's hosted fields, with Tab, Shift+Tab, Enter, Space,
 * the arrow keys and typing only: no click, no fill. Every stop Tab lands on must be visible and
 * show that it has focus (an outline or a ring), the card form's fields inside their iframe too.
 */

// A 120×40 PNG logo for the file chooser the logo button opens.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAHgAAAAoCAYAAAA16j4lAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAA2UlEQVR4nO2VwREDMRDCrhPKou3tKKkiA1z00N+DLPuR7wP32g2e9AHgEMwlOArmEhxPtP7wS+APdl4CgguG0igU7LwEBBcMpVEo2HkJCC4YSqNQsPMSEFwwlEahYOclILhgKI1Cwc5LQHDBUBqFgp2XgOCCoTQKBTsvAcEFQ2kUCnZeAoILhtIoFOy8BAQXDKVRKNh5CQguGEqjULDzEhBcMJRGoWDnJSC4YCiNQsHOS0BwwVAahYKdl4DggqE0CgU7LwHBBUNpFAp2XgKCC4bSKBTsvIRf8gWp4ZA3ho89GgAAAABJRU5ErkJggg==',
  'base64',
);

type Focus = { tag: string; type: string; name: string; visible: boolean; indicator: boolean; inFrame: boolean; html: string };

/** What has focus, inside the card form's iframe when focus is there. */
async function focused(page: Page): Promise<Focus> {
  const describe = () => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', type: '', name: '', visible: false, indicator: false, inFrame: false, html: '' };
    const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const labelledBy = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ||
      (labelledBy ? labelledBy.split(' ').map((id) => text(document.getElementById(id))).join(' ') : '') ||
      text((el as HTMLInputElement).labels?.[0]) ||
      (el.tagName === 'INPUT' ? '' : text(el)).slice(0, 60);
    // The box a sighted user sees: the element, or for a visually hidden input the label around it.
    const box = (node: Element) => node.getBoundingClientRect();
    const shown = (node: Element) => box(node).width >= 4 && box(node).height >= 4 && getComputedStyle(node).visibility !== 'hidden';
    const wrapper = el.closest('label');
    const ring = (node: Element) => {
      const s = getComputedStyle(node);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    // A container that draws the ring for what is focused inside it (Tailwind's focus-within: and has-[:focus-visible]:).
    const ringedBy = (node: Element | null, depth = 0): boolean =>
      !!node && depth < 4 && (/(^|\s)(focus-within|has-\[:focus(-visible)?\]):(ring|outline|border)/.test(node.getAttribute('class') ?? '') || ringedBy(node.parentElement, depth + 1));
    return {
      tag: el.tagName.toLowerCase(),
      type: el.getAttribute('type') ?? el.getAttribute('role') ?? '',
      name,
      visible: shown(el) || (!!wrapper && shown(wrapper)),
      indicator: ring(el) || (!!wrapper && ring(wrapper)) || ringedBy(el.parentElement),
      inFrame: window !== window.parent,
      html: el.outerHTML.slice(0, 300),
    };
  };
  const top = await page.evaluate(describe);
  if (top.tag !== 'iframe') return top;
  const frame = page.frames().find((f) => f.url().includes('/sandbox-gateway/'));
  return frame ? frame.evaluate(describe) : top;
}

/**
 * Presses Tab (Shift+Tab with `back`) until the control named `name` has focus, failing when it is
 * not reached within `max` stops or when a stop on the way is invisible or shows no focus.
 */
async function tabTo(page: Page, name: RegExp, { back = false, max = 60 } = {}) {
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    const label = `${f.tag}${f.type ? `[${f.type}]` : ''} "${f.name}"${f.inFrame ? ' (card iframe)' : ''}`;
    path.push(label);
    expect(f.visible, `focus landed on something invisible: ${label}\n  ${f.html}\n  path: ${path.join(' → ')}`).toBe(true);
    expect(f.indicator, `no visible focus indicator on ${label}\n  ${f.html}`).toBe(true);
    if (name.test(f.name)) return f;
  }
  throw new Error(`${name} not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${max} stops: ${path.join(' → ')}`);
}

/** Types into the control that has focus after checking it is the one named. */
async function typeInto(page: Page, name: RegExp, text: string) {
  expect((await focused(page)).name).toMatch(name);
  await page.keyboard.type(text);
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'termsAccepted', value: 'true', url: baseURL! }]);
});

test('an employer signs up, creates the company, posts a job and pays for it by keyboard alone', async ({ page }) => {
  test.setTimeout(240_000);
  const email = `keys.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@fleet.test`;
  const title = `Keyboard Regional Driver ${Date.now()}`;

  // Sign-up: the email box has focus on arrival; Enter continues, the details open focused.
  await page.goto('/signup');
  await expect(page.getByLabel('Work email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Confirm email')).toBeFocused();
  await page.keyboard.type(email);
  await tabTo(page, /^First name$/);
  await page.keyboard.type('Maria');
  await tabTo(page, /^Last name$/);
  await page.keyboard.type('Lopez');
  await tabTo(page, /^Phone$/);
  await page.keyboard.type('2145550188');
  await expect(page.getByLabel('Phone')).toHaveValue('(214)555-0188');
  await tabTo(page, /^Password/);
  await page.keyboard.type('Haul1234!');
  await tabTo(page, /^Confirm password/);
  await page.keyboard.type('Haul1234!');
  await tabTo(page, /I accept to receive emails/);
  await page.keyboard.press('Space');
  await expect(page.getByLabel(/I accept to receive emails/)).toBeChecked();
  await tabTo(page, /^Let's Go$/);
  await page.keyboard.press('Enter');

  // Company information: the name has focus; the size is a radio group (arrows); the logo button
  // opens the file chooser with Enter.
  await expect(page).toHaveURL(/\/company-info$/, { timeout: 30_000 });
  await expect(page.getByLabel('Company name')).toBeFocused();
  await page.keyboard.type('Keyboard Freight');
  await tabTo(page, /^1-5/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /11-20/ })).toBeChecked();
  await tabTo(page, /Company logo/);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByAltText('Company logo preview')).toBeVisible();
  await tabTo(page, /^Continue$/);
  await page.keyboard.press('Enter');

  // Company address: a ZIP code, the suggestion picked with the arrow and Enter.
  await expect(page).toHaveURL(/\/company-address$/);
  const address = page.getByRole('combobox', { name: 'Company address' });
  await expect(address).toBeFocused();
  await page.keyboard.type('75201');
  await expect(page.getByRole('option', { name: /Dallas/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(address).toHaveValue('Dallas, TX 75201, USA');
  await tabTo(page, /^Suite, unit or floor/);
  await page.keyboard.type('Suite 200');
  await tabTo(page, /^Create company$/);
  await page.keyboard.press('Enter');

  // The job list: Tab through the portal to the button that starts a posting.
  await expect(page).toHaveURL(/\/company\/jobs$/, { timeout: 45_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await tabTo(page, /^Create New Job$/, { max: 80 });
  await page.keyboard.press('Enter');

  // Step 1: job content. Selects take the option's first letters; the editor takes typing.
  await expect(page).toHaveURL(/\/company\/jobs\/new$/);
  await expect(page.getByRole('textbox', { name: 'Job description' })).toBeVisible();
  await tabTo(page, /^Job title$/);
  await page.keyboard.type(title);
  await tabTo(page, /^Job type$/);
  await page.keyboard.type('Dry');
  await expect(page.getByLabel('Job type')).toHaveValue('dry_van');
  await tabTo(page, /^Home time$/);
  await page.keyboard.type('Home w');
  await expect(page.getByLabel('Home time')).toHaveValue('HW');
  await tabTo(page, /^Required experience$/);
  await page.keyboard.type('1-2');
  await expect(page.getByLabel('Required experience')).toHaveValue('Y1');
  await tabTo(page, /^Job description$/);
  await page.keyboard.type('Regional lanes in Texas, ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('home every weekend.');
  await expect(page.getByRole('textbox', { name: 'Job description' })).toContainText('Regional lanes in Texas, home every weekend.');
  // Shift+Tab leaves the editor backwards (no trap), then Tab comes back through the toolbar.
  await tabTo(page, /^Job title$/, { back: true, max: 40 });
  await tabTo(page, /^Expected pay/);
  await page.keyboard.type('1450');
  await tabTo(page, /^Hazmat$/);
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Hazmat', exact: true })).toBeChecked();
  await tabTo(page, /^Continue$/, { max: 80 });
  await page.keyboard.press('Enter');

  // Step 2: one targeting address (a person starts once the step's form is on screen).
  await page.waitForURL('**/company/jobs/new/targeting-address');
  await expect(page.getByRole('combobox', { name: 'Address 1' })).toBeVisible();
  await tabTo(page, /^Address 1$/);
  await page.keyboard.type('Dallas, TX');
  await expect(page.getByRole('option', { name: /^Dallas/ }).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Address 1' })).toHaveValue(/Dallas, TX/);
  await expect(page.getByLabel('Cost of address 1')).toHaveText('$150.00');
  await tabTo(page, /^Continue$/);
  await page.keyboard.press('Enter');

  // Step 3: a boost with Space, then on to payment.
  await page.waitForURL('**/company/jobs/new/addons');
  await expect(page.getByRole('checkbox', { name: /Boost/ })).toBeVisible();
  await tabTo(page, /Boost/);
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: /Boost/ })).toBeChecked();
  await expect(page.getByTestId('order-total')).toHaveText('$350.00');
  await tabTo(page, /^Continue to payment$/);
  await page.keyboard.press('Enter');

  // Payment: Tab goes into the gateway's iframe, through the card fields, and out to Pay.
  await page.waitForURL(/\/company\/jobs\/new\/payment-method\?job_id=\d+/);
  const jobId = Number(new URL(page.url()).searchParams.get('job_id'));
  await expect(page.getByTestId('order-total')).toHaveText('$350.00');
  await page.locator('iframe[title="Secure card form"][data-ready="true"]').waitFor();
  await tabTo(page, /^Card number$/);
  await typeInto(page, /^Card number$/, '4111111111111111');
  await tabTo(page, /^Expiration/);
  await page.keyboard.type('1234');
  await tabTo(page, /^Security code$/);
  await page.keyboard.type('123');
  await tabTo(page, /^Card holder name$/);
  const card = page.frameLocator('iframe[title="Secure card form"]');
  await expect(card.getByLabel('Card number')).toHaveValue('4111 1111 1111 1111');
  await expect(card.getByLabel('Expiration (MM/YY)')).toHaveValue('12/34');
  if (!(await card.getByLabel('Card holder name').inputValue())) await page.keyboard.type('Maria Lopez');
  await tabTo(page, /^Pay \$350\.00$/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment completed successfully')).toBeVisible({ timeout: 30_000 });
  await page.waitForURL('**/company/jobs');

  // Paid and published.
  const summary = await page.evaluate(async (id) => (await fetch(`/api/v1.0/payment/company/invoice/summary?job_id=${id}`)).json(), jobId);
  expect(summary.data).toMatchObject({ paid: true, payment_status: 'paid' });
});
