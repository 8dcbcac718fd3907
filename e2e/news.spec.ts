import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import zlib from 'node:zlib';
import { signInAs, skipTermsDialog } from './support';
import { portalInputValue } from '../lib/validation/portal-day';

/** A PNG of width × height (one colour), made here so the test needs no fixture file. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x66)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

async function fresh(page: Page, baseURL: string, email: string) {
  await page.context().clearCookies();
  await skipTermsDialog(page.context(), baseURL);
  await signInAs(page, email);
}

test('a channel, a scheduled post with a merged table, a resized column and a 720 px image; the tick publishes it; a driver reads it; the PDF is A4 with 1 cm margins', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const name = `Road news ${Date.now()}`;
  const title = `Fuel stops ${Date.now()}`;

  // A news admin creates the channel.
  await fresh(page, baseURL!, 'newsadmin@demo.test');
  await page.goto('/news');
  await page.getByRole('button', { name: 'New channel' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create channel' }).click();
  await expect(page.getByRole('link', { name })).toBeVisible();

  // A contributor writes the post.
  await fresh(page, baseURL!, 'contributor@demo.test');
  await page.goto('/news');
  await page.getByRole('link', { name }).click();
  await page.getByRole('link', { name: 'Write a post' }).click();
  await page.getByLabel('Title').fill(title);
  const editor = page.locator('[contenteditable="true"]');
  await editor.click();
  await page.keyboard.type('Cheaper diesel on these routes.');
  await page.getByRole('button', { name: 'Insert table' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Insert table' }).click();
  await expect(editor.locator('table tr')).toHaveCount(3);
  await expect(editor.locator('table tr').first().locator('td,th')).toHaveCount(3);

  // Merge the first two cells of row 2 (select with Shift+click), then check the span.
  const cells = editor.locator('table tr').nth(1).locator('td,th');
  await cells.nth(0).click();
  await cells.nth(1).click({ modifiers: ['Shift'] });
  await page.getByRole('button', { name: 'Merge cells' }).click();
  await expect(editor.locator('table tr').nth(1).locator('[colspan="2"]')).toHaveCount(1);

  // Resize the first column (the table toolbar's Widen column, 10 px a press, as Ctrl+Alt+Shift+→ does).
  const first = editor.locator('table tr').first().locator('td,th').first();
  const before = (await first.boundingBox())!.width;
  await first.click();
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Widen column' }).click();
  await expect.poll(async () => (await first.boundingBox())!.width).toBeGreaterThan(before + 30);

  // And by dragging a column's right edge with the mouse: the column follows the pointer.
  const second = editor.locator('table tr').first().locator('td,th').nth(1);
  const edge = (await second.boundingBox())!;
  const startWidth = edge.width;
  await page.mouse.move(edge.x + edge.width - 1, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width + 59, edge.y + edge.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await second.boundingBox())!.width)).toBe(Math.round(startWidth + 60));
  await expect(editor.locator('table col').nth(1)).toHaveAttribute('style', new RegExp(`width: ${Math.round(startWidth + 60)}px`));

  // An image wider than 720 px is stored (and shown) at 720.
  await editor.locator('p').first().click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Insert image' }).click();
  await (await chooser).setFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(1500, 500) });
  await expect(editor.locator('img')).toHaveAttribute('width', '720');

  // Schedule for the next minute; the self-hosted tick publishes it.
  const at = new Date(Date.now() + 60_000);
  at.setSeconds(0, 0);
  const local = portalInputValue(at); // the field is portal (Eastern) time, whatever the browser's zone
  await page.getByLabel('Schedule').check();
  await page.getByLabel('Publish at (ET)').fill(local);
  await page.getByRole('button', { name: 'Save post' }).click();
  await page.waitForURL(/\/news\/posts\/\d+/);
  const postId = Number(/\/news\/posts\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByText('Scheduled', { exact: true }).first()).toBeVisible();

  const post = await page.request.get(`/api/v1.0/news/posts/${postId}`);
  const stored = (await post.json()).data;
  expect(stored.status).toBe('SCHEDULED');
  expect(stored.body_html).toContain('colspan="2"');
  expect(stored.body_html).toMatch(/<img [^>]*width="720"/);
  const image = /src="(\/api\/v1\.0\/news\/images\/[^"]+)"/.exec(stored.body_html)![1];

  // The PDF: A4 (595.28 × 841.89 pt) and text no closer than 1 cm (28.35 pt) to the left edge.
  const pdf = (await (await page.request.get(`/api/v1.0/news/posts/${postId}/pdf`)).body()).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  expect(pdf).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  const xs = [...pdf.matchAll(/1 0 0 -?1 ([\d.]+) ([\d.]+) Tm/g)].map((m) => Number(m[1]));
  expect(Math.min(...xs)).toBeCloseTo(28.35, 1);

  await expect
    .poll(async () => (await (await page.request.get(`/api/v1.0/news/posts/${postId}`)).json()).data.status, { timeout: 200_000, intervals: [5_000] })
    .toBe('POSTED');

  // A driver reads it in the Drivers Portal, and anyone on the public page.
  await fresh(page, baseURL!, 'driver@demo.test');
  await page.goto('/members/news');
  await page.getByRole('link', { name: title }).click();
  await page.waitForURL(/\/members\/news\/\d+/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | Drivers Portal | TNA`);
  await expect(page.locator(`img[src="${image}"]`)).toHaveAttribute('width', '720');
  await expect(page.getByText(/ · 1 view$/)).toBeVisible();
  await page.context().clearCookies();
  await page.goto(`/posts/${postId}`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld['@type']).toBe('NewsArticle');
});

test('a post written through the API as HTML opens in the editor with its text, and a save of the title keeps it; odd ids and offsets answer as a reader expects', async ({ page, baseURL }) => {
  await fresh(page, baseURL!, 'newsadmin@demo.test');
  const made = await page.request.post('/api/v1.0/news/channels', { data: { name: `Html channel ${Date.now()}`, channel_type: 'general' }, headers: { origin: baseURL! } });
  expect(made.status(), await made.text()).toBe(201);
  const channelId = (await made.json()).data.id as number;
  const created = await page.request.post(`/api/v1.0/news/channels/${channelId}/posts`, {
    data: { title: `Html post ${Date.now()}`, body: '<p>Hi <b>there</b>, drivers</p>', is_active: true },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as number;

  await page.goto(`/news/posts/${id}`);
  await expect(page).toHaveTitle(/^Html post \d+ \| News Portal \| TNA$/);
  const editor = page.getByRole('textbox', { name: 'Body' });
  await expect(editor).toContainText('Hi there, drivers');
  await page.getByLabel('Title').fill('Html post, retitled');
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Updated successfully' })).toBeVisible();
  const saved = await (await page.request.get(`/api/v1.0/news/channels/posts/${id}`)).json();
  expect(saved.data.title).toBe('Html post, retitled');
  expect(saved.data.body_html).toContain('there</');
  expect(saved.data.body_html).toContain('drivers');

  // Taking the live post down is asked first: the first save only warns, the second does it.
  await page.getByLabel('Keep inactive').check();
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This post is live' })).toBeVisible();
  expect((await (await page.request.get(`/api/v1.0/news/channels/posts/${id}`)).json()).data.status).toBe('POSTED');
  await page.getByRole('button', { name: 'Take the post down' }).click();
  await expect.poll(async () => (await (await page.request.get(`/api/v1.0/news/channels/posts/${id}`)).json()).data.status).toBe('Inactive');

  // An id written another way names nothing (and leaves nothing in the page cache); an offset the
  // database cannot take is read as the nearest page, not a server error.
  for (const odd of [`0x${id.toString(16)}`, `0${id}`, `${id}.0`]) {
    expect((await page.request.get(`/posts/${odd}`)).status()).toBe(404);
    expect((await page.request.get(`/news/posts/${odd}`)).status()).toBe(404);
  }
  for (const offset of ['1.5', '1e300', '99999999999999999999', 'Infinity']) {
    expect((await page.request.get(`/news?offset=${offset}`)).status()).toBe(200);
    expect((await page.request.get(`/news/channels/${channelId}?offset=${offset}`)).status()).toBe(200);
  }
});

test('a post with unsaved changes asks before the tab closes; one just opened closes without asking', async ({ page, baseURL }) => {
  await fresh(page, baseURL!, 'newsadmin@demo.test');
  const made = await page.request.post('/api/v1.0/news/channels', { data: { name: `Leave channel ${Date.now()}`, channel_type: 'general' }, headers: { origin: baseURL! } });
  expect(made.status(), await made.text()).toBe(201);
  const channelId = (await made.json()).data.id as number;

  const untouched = await page.context().newPage();
  await untouched.goto(`/news/channels/${channelId}/new`);
  await expect(untouched.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  let askedUntouched = false;
  untouched.on('dialog', (d) => {
    askedUntouched = true;
    void d.accept();
  });
  await untouched.close({ runBeforeUnload: true });
  await expect.poll(() => untouched.isClosed()).toBe(true);
  expect(askedUntouched).toBe(false);

  const writer = await page.context().newPage();
  await writer.goto(`/news/channels/${channelId}/new`);
  await expect(writer.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  // Typed keys are a user gesture: Chromium asks only on a page the user has interacted with.
  await writer.getByLabel('Title').pressSequentially('Chains required on I-80');
  const asked = writer.waitForEvent('dialog');
  await writer.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
  await expect.poll(() => writer.isClosed()).toBe(true);
});
