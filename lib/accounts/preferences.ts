import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { notFound, unauthorized } from '@/lib/errors';
import { checkImage, decodeImage, imageFromRequest, limitImageUploads } from './image-upload';
import { storage } from '@/lib/storage';
import { PICTURE_BAD_TYPE, PICTURE_MAX_BYTES, PICTURE_SIDE, PICTURE_TOO_LARGE, PICTURE_TYPES, type UpdatePreferencesInput } from './preference-schemas';

/** Where the caller's own picture is served; the version changes with each upload. */
const pictureUrl = (key: string | null) => (key ? `/api/v1.0/account/picture?v=${createHash('sha256').update(key).digest('hex').slice(0, 10)}` : null);

async function me(db: Database, actor: Actor) {
  const [row] = await db.select({ timezone: users.timezone, picture: users.profilePicture }).from(users).where(eq(users.id, actor.userId));
  if (!row) throw notFound('User not found.');
  return row;
}

/** GET /account/preferences: the time zone and profile picture of the signed-in user (any role). */
export async function getPreferences(db: Database, actor: Actor) {
  const row = await me(db, actor);
  return { timezone: row.timezone, profile_picture: pictureUrl(row.picture) };
}

export async function updatePreferences(db: Database, actor: Actor, input: UpdatePreferencesInput) {
  await db.update(users).set({ timezone: input.timezone, updatedAt: sql`now()` }).where(eq(users.id, actor.userId));
  return getPreferences(db, actor);
}

const PICTURE_RULES = { field: 'picture', maxBytes: PICTURE_MAX_BYTES, tooLarge: PICTURE_TOO_LARGE, badType: PICTURE_BAD_TYPE, types: PICTURE_TYPES, missing: 'Choose a picture.' };

/** Reads the 'picture' file of a multipart request. */
export const pictureFromRequest = async (req: Request) => (await imageFromRequest(req, PICTURE_RULES)).bytes;

/** PUT /account/picture: a square 256 px WebP cut from the centre, checked by content; the old file is removed. */
export async function uploadPicture(db: Database, actor: Actor, bytes: Buffer) {
  await limitImageUploads(actor.userId);
  await checkImage(bytes, PICTURE_RULES);
  const image = await decodeImage(PICTURE_RULES, () =>
    sharp(bytes, { animated: false }).rotate().resize({ width: PICTURE_SIDE, height: PICTURE_SIDE, fit: 'cover' }).webp({ quality: 85 }).toBuffer(),
  );
  const before = await me(db, actor);
  const key = `users/${actor.userId}/picture-${randomBytes(6).toString('hex')}.webp`;
  await storage().put(key, image, 'image/webp');
  // Not onto an account deleted meanwhile (deleteAccount removes the picture it finds, then this
  // would have stored a new one on the erased account): the file goes again and the call is refused.
  const stored = await db
    .update(users)
    .set({ profilePicture: key, updatedAt: sql`now()` })
    .where(and(eq(users.id, actor.userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (!stored.length) {
    await storage().delete(key).catch(() => {});
    throw unauthorized();
  }
  if (before.picture) await storage().delete(before.picture).catch(() => {});
  return getPreferences(db, actor);
}

export async function removePicture(db: Database, actor: Actor) {
  const before = await me(db, actor);
  await db.update(users).set({ profilePicture: null, updatedAt: sql`now()` }).where(eq(users.id, actor.userId));
  if (before.picture) await storage().delete(before.picture).catch(() => {});
  return getPreferences(db, actor);
}

/** GET /account/picture: the caller's own picture (a profile picture is personal: nobody else reads it here). */
export async function pictureImage(db: Database, actor: Actor): Promise<Response> {
  const { picture } = await me(db, actor);
  const file = picture ? await storage().get(picture) : null;
  if (!file) throw notFound('No profile picture.');
  return new Response(new Uint8Array(file.data), {
    headers: { 'content-type': file.contentType, 'cache-control': 'private, max-age=86400', 'content-length': String(file.data.length) },
  });
}
