import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { companies } from '@/lib/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { AppError, badRequest, notFound, unprocessable } from '@/lib/errors';
import { storage } from '@/lib/storage';
import { LOGO_BAD_TYPE, LOGO_MAX_BYTES, LOGO_MAX_SIDE, LOGO_TOO_LARGE, LOGO_TYPES } from './schemas';
import { companyOrThrow } from './services';
import { logoUrl } from './view';


/**
 * Checks an uploaded logo by its content (not its name) and scales it to fit 700×700, keeping
 * transparency, as WebP. Animated GIFs keep their first frame.
 */
export async function processLogo(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > LOGO_MAX_BYTES) throw new AppError(413, LOGO_TOO_LARGE, 'logo');
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    throw unprocessable(LOGO_BAD_TYPE, 'logo');
  }
  if (!format || !(LOGO_TYPES as readonly string[]).includes(format)) throw unprocessable(LOGO_BAD_TYPE, 'logo');
  return sharp(bytes, { animated: false })
    .rotate()
    .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 90 })
    .toBuffer();
}

/** Reads the 'logo' file of a multipart request. */
export async function logoFromRequest(req: Request): Promise<Buffer> {
  const length = Number(req.headers.get('content-length') || 0);
  if (length > LOGO_MAX_BYTES + 64 * 1024) throw new AppError(413, LOGO_TOO_LARGE, 'logo');
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw badRequest('Send the logo as multipart/form-data in the field "logo".', 'logo');
  }
  const file = form.get('logo');
  if (!file || typeof file === 'string') throw unprocessable('Choose a logo image.', 'logo');
  if (file.size > LOGO_MAX_BYTES) throw new AppError(413, LOGO_TOO_LARGE, 'logo');
  return Buffer.from(await file.arrayBuffer());
}

/** PUT /companies/{id}/logo: stores the new logo and removes the old file. The body is read only once access is settled. */
export async function uploadLogo(db: Database, actor: Actor, companyId: number, read: () => Promise<Buffer>) {
  const company = await companyOrThrow(db, actor, companyId);
  const image = await processLogo(await read());
  const key = `companies/${companyId}/logo-${randomBytes(6).toString('hex')}.webp`;
  await storage().put(key, image, 'image/webp');
  const [row] = await db.update(companies).set({ logo: key, updatedAt: sql`now()` }).where(eq(companies.id, companyId)).returning();
  if (company.logo) await storage().delete(company.logo).catch(() => {});
  return { url: logoUrl(row) };
}

export async function removeLogo(db: Database, actor: Actor, companyId: number) {
  const company = await companyOrThrow(db, actor, companyId);
  await db.update(companies).set({ logo: null, updatedAt: sql`now()` }).where(eq(companies.id, companyId));
  if (company.logo) await storage().delete(company.logo).catch(() => {});
  return { url: null };
}

/** GET /companies/logo/{id}: where the logo is served (null: the client shows its default logo). */
export async function getLogoUrl(db: Database, actor: Actor, companyId: number) {
  return { url: logoUrl(await companyOrThrow(db, actor, companyId)) };
}

/** The logo image itself. Logos are public: job listings show them to drivers. */
export async function logoImage(db: Database, companyId: number): Promise<Response> {
  const [row] = await db.select({ logo: companies.logo }).from(companies).where(eq(companies.id, companyId));
  const file = row?.logo ? await storage().get(row.logo) : null;
  if (!file) throw notFound('Logo not found.');
  return new Response(new Uint8Array(file.data), {
    headers: { 'content-type': file.contentType, 'cache-control': 'public, max-age=86400, immutable', 'content-length': String(file.data.length) },
  });
}
