import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { companies } from '@/lib/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { notFound, unprocessable } from '@/lib/errors';
import { storage } from '@/lib/storage';
import { checkImage, decodeImage, imageFromRequest, limitImageUploads, orientedSize } from '@/lib/accounts/image-upload';
import { LOGO_BAD_TYPE, LOGO_CROP_MESSAGE, LOGO_MAX_BYTES, LOGO_SIZES, LOGO_TOO_LARGE, LOGO_TYPES, logoCropSchema, type LogoCrop, type LogoSize } from './schemas';
import { companyOrThrow } from './services';
import { logoUrl } from './view';
import { companyChanged } from '@/lib/cache/tags';


const LOGO_RULES = { field: 'logo', maxBytes: LOGO_MAX_BYTES, tooLarge: LOGO_TOO_LARGE, badType: LOGO_BAD_TYPE, types: LOGO_TYPES, missing: 'Choose a logo image.' };

const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 };

/** The most pixels the image may have once scaled to the crop's zoom (700 × 5,700 px: about 0.1 s of work). */
const LOGO_MAX_SCALED_PIXELS = 4_000_000;
export const LOGO_TOO_TALL = 'This image is too tall for a logo: cut it closer to a logo\'s shape (343 × 133) and upload it again.';

/**
 * Cuts the large display size (343×133) out of the original as the crop dialog framed it: the image
 * scaled to `zoom` px wide, the frame's top-left at (`left`, `top`) inside it. Parts of the frame
 * beyond the image stay transparent. Without a crop the whole image is fitted into the frame.
 * Checked by content (not name); animated GIFs keep their first frame; EXIF rotation applied.
 */
export async function cropLogo(bytes: Buffer, crop?: LogoCrop): Promise<{ large: Buffer; small: Buffer }> {
  await checkImage(bytes, LOGO_RULES);
  return decodeImage(LOGO_RULES, () => cutLogo(bytes, crop));
}

async function cutLogo(bytes: Buffer, crop?: LogoCrop): Promise<{ large: Buffer; small: Buffer }> {
  const { width: W, height: H } = LOGO_SIZES.large;
  let large: Buffer;
  if (!crop) {
    large = await sharp(bytes, { animated: false }).rotate().resize({ width: W, height: H, fit: 'contain', background: CLEAR }).png().toBuffer();
  } else {
    // The whole image is scaled to the zoom's width before the frame is cut from it, so its height
    // is bounded first: a 186-byte PNG of 10 × 10,000 px became 700 × 700,000 px at zoom 700, ten
    // seconds of the server's CPU for one upload (attacker review). A logo that tall has no place in
    // a 343 × 133 frame anyway.
    const source = orientedSize(await sharp(bytes).metadata());
    if (crop.zoom * ((source.height * crop.zoom) / Math.max(1, source.width)) > LOGO_MAX_SCALED_PIXELS) throw unprocessable(LOGO_TOO_TALL, 'logo');
    const { data: scaled, info } = await sharp(bytes, { animated: false }).rotate().resize({ width: crop.zoom }).png().toBuffer({ resolveWithObject: true });
    const x0 = Math.max(0, crop.left);
    const y0 = Math.max(0, crop.top);
    const x1 = Math.min(info.width, crop.left + W);
    const y1 = Math.min(info.height, crop.top + H);
    if (x1 <= x0 || y1 <= y0) throw unprocessable('The crop frame is outside the image: move the image into the frame.', 'logo');
    const piece = await sharp(scaled).extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 }).toBuffer();
    large = await sharp({ create: { width: W, height: H, channels: 4, background: CLEAR } })
      .composite([{ input: piece, left: x0 - crop.left, top: y0 - crop.top }])
      .png()
      .toBuffer();
  }
  const small = await sharp(large).resize({ ...LOGO_SIZES.small, fit: 'fill' }).webp({ quality: 90 }).toBuffer();
  return { large: await sharp(large).webp({ quality: 90 }).toBuffer(), small };
}

/** The stored file of one display size: the small one sits beside the large one. */
export const logoKey = (key: string, size: LogoSize) => (size === 'small' ? key.replace(/\.webp$/, '-49x19.webp') : key);

type LogoUpload = { bytes: Buffer; crop?: LogoCrop };

/** Reads the 'logo' file of a multipart request and the crop fields beside it (zoom, left, top). */
export async function logoFromRequest(req: Request): Promise<LogoUpload> {
  const { bytes, form } = await imageFromRequest(req, LOGO_RULES);
  const fields = ['zoom', 'left', 'top'].map((k) => form.get(k));
  let crop: LogoCrop | undefined;
  if (fields.some((v) => v !== null)) {
    const parsed = logoCropSchema.safeParse({ zoom: fields[0], left: fields[1], top: fields[2] });
    // The error names the field that is wrong (a left offset out of range is not a zoom problem).
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      throw unprocessable(issue?.message ?? LOGO_CROP_MESSAGE, String(issue?.path[0] ?? 'zoom'));
    }
    crop = parsed.data;
  }
  return { bytes, crop };
}

async function deleteLogoFiles(key: string | null) {
  if (!key) return;
  await Promise.all((['large', 'small'] as const).map((size) => storage().delete(logoKey(key, size)).catch(() => {})));
}

/** PUT /companies/{id}/logo: stores both display sizes and removes the old files. The body is read only once access is settled. */
export async function uploadLogo(db: Database, actor: Actor, companyId: number, read: () => Promise<LogoUpload>) {
  const company = await companyOrThrow(db, actor, companyId);
  await limitImageUploads(actor.userId);
  const upload = await read();
  const { large, small } = await cropLogo(upload.bytes, upload.crop);
  const key = `companies/${companyId}/logo-${randomBytes(6).toString('hex')}.webp`;
  await storage().put(logoKey(key, 'small'), small, 'image/webp');
  await storage().put(key, large, 'image/webp');
  const [row] = await db.update(companies).set({ logo: key, updatedAt: sql`now()` }).where(eq(companies.id, companyId)).returning();
  companyChanged(companyId);
  await deleteLogoFiles(company.logo);
  return logoUrls(row);
}

export async function removeLogo(db: Database, actor: Actor, companyId: number) {
  const company = await companyOrThrow(db, actor, companyId);
  await db.update(companies).set({ logo: null, updatedAt: sql`now()` }).where(eq(companies.id, companyId));
  companyChanged(companyId);
  await deleteLogoFiles(company.logo);
  return { url: null, small_url: null };
}

const logoUrls = (row: Pick<typeof companies.$inferSelect, 'id' | 'logo'>) => ({ url: logoUrl(row), small_url: logoUrl(row, 'small') });

/** GET /companies/logo/{id}: where the logo is served (null: the client shows its default logo). */
export async function getLogoUrl(db: Database, actor: Actor, companyId: number) {
  return logoUrls(await companyOrThrow(db, actor, companyId));
}

/** The logo image itself. Logos are public: job listings show them to drivers. */
export async function logoImage(db: Database, companyId: number, size: LogoSize = 'large'): Promise<Response> {
  const [row] = await db.select({ logo: companies.logo }).from(companies).where(eq(companies.id, companyId));
  // A logo stored before both sizes were cut has only the one file: it serves for either size.
  const file = row?.logo ? ((await storage().get(logoKey(row.logo, size))) ?? (size === 'small' ? await storage().get(row.logo) : null)) : null;
  if (!file) throw notFound('Logo not found.');
  return new Response(new Uint8Array(file.data), {
    headers: { 'content-type': file.contentType, 'cache-control': 'public, max-age=86400, immutable', 'content-length': String(file.data.length) },
  });
}
