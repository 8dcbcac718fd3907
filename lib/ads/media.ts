import sharp from 'sharp';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { ads } from '@/lib/db/schema';
import { conflict, notFound, unprocessable } from '@/lib/errors';
import { storage } from '@/lib/storage';
import { storedFileResponse } from '@/lib/storage/serve';
import { SIMPLE_MAX_BYTES, formFile, newFileName, videoUploads } from '@/lib/storage/video-upload';
import { assertAdsRole } from './access';
import { AD_IMAGE_EXTENSIONS, AD_IMAGE_HEIGHT, AD_IMAGE_WIDTH, AD_MEDIA_TYPE_MESSAGE, AD_VIDEO_EXTENSIONS, type AdMediaType } from './codes';

/**
 * Ad media (jobs spec §5, §7): POST /ads/multimedia/upload takes an image (stage simple: png, jpeg,
 * webp or gif, cropped and resized on the server to 587x226 and stored as webp) or a video (mp4 or
 * webm, simple or chunked exactly as job videos); GET /ads/media/{file} serves it (ads are shown to
 * every signed-in viewer, so the file is public like a job's video); DELETE
 * /ads/multimedia/delete/{file} removes an unused one.
 */
export const IMAGE_TYPES = AD_IMAGE_EXTENSIONS;
export const MEDIA_MESSAGES = {
  image: 'Images must be png, jpeg, webp or gif.',
  type: AD_MEDIA_TYPE_MESSAGE,
  imageTooLarge: 'Images must be under 10 MB.',
  noFile: 'Choose an image or a video file.',
  notFound: 'Media not found.',
  inUse: 'This media is used by an ad: give the ad other media first.',
} as const;

const FILE_RE = /^[a-f0-9]{24}\.(webp|mp4|webm)$/;
const mediaKey = (file: string) => `ads/media/${file}`;
export const mediaUrl = (file: string) => `/api/v1.0/ads/media/${file}`;
export const mediaTypeOf = (file: string): AdMediaType => (file.endsWith('.webp') ? 'image' : 'video');

const uploads = videoUploads('ads/uploads');
/** Ads are managed by staff, not companies: one folder of uploads for all of them. */
const SCOPE = 'staff';

function answer(file: string) {
  const url = mediaUrl(file);
  const type = mediaTypeOf(file);
  return { id: file, url, media_type: type, ...(type === 'image' ? { image_url: url, width: AD_IMAGE_WIDTH, height: AD_IMAGE_HEIGHT } : { video_url: url }) };
}

/** The image cropped to the ad size, keeping what draws the eye (sharp's attention strategy). */
async function cropImage(input: Buffer) {
  try {
    const meta = await sharp(input, { limitInputPixels: 50_000_000 }).metadata();
    if (!meta.format || !['png', 'jpeg', 'webp', 'gif'].includes(meta.format)) throw new Error('type');
    return await sharp(input, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(AD_IMAGE_WIDTH, AD_IMAGE_HEIGHT, { fit: 'cover', position: sharp.strategy.attention })
      .webp({ quality: 86 })
      .toBuffer();
  } catch {
    throw unprocessable(MEDIA_MESSAGES.image, 'file');
  }
}

/** POST /ads/multimedia/upload (multipart form). */
export async function uploadAdMedia(actor: Actor | null, form: FormData) {
  assertAdsRole(actor);
  const ext = String(form.get('extension') ?? '').replace(/^\./, '').toLowerCase();
  if ((IMAGE_TYPES as readonly string[]).includes(ext)) {
    if (String(form.get('stage') ?? 'simple') !== 'simple') throw unprocessable('Images are sent in one request (stage simple).', 'stage');
    const blob = formFile(form, SIMPLE_MAX_BYTES, MEDIA_MESSAGES.imageTooLarge, MEDIA_MESSAGES.noFile);
    return answer(await storeAdImage(Buffer.from(await blob.arrayBuffer())));
  }
  // The video upload would answer an svg or an exe with its own "Videos must be mp4 or webm.", as
  // if only videos were taken: the stages that name a file (simple, start) are checked here first.
  const stage = String(form.get('stage') ?? 'simple');
  if ((stage === 'simple' || stage === 'start') && !(AD_VIDEO_EXTENSIONS as readonly string[]).includes(ext)) throw unprocessable(MEDIA_MESSAGES.type, 'extension');
  const result = await uploads.handle(form, SCOPE, mediaKey, `u${actor.userId}`);
  return 'stored' in result ? answer(result.stored) : result;
}

/**
 * DELETE /ads/multimedia/upload/{uploadId}: cancels an unfinished chunked ad video upload; its parts
 * and records go at once. Ad uploads live in one staff folder (SCOPE), so any ads manager may
 * cancel one, as any may continue it; an unknown or ended upload is 404.
 */
export async function cancelAdMediaUpload(actor: Actor | null, uploadId: string) {
  assertAdsRole(actor);
  return uploads.cancel(SCOPE, uploadId);
}

/** Crops an image to the ad size and stores it; the media file's name (the demo seed's ads use it too). */
export async function storeAdImage(input: Buffer) {
  const image = await cropImage(input);
  const file = newFileName('webp');
  await storage().put(mediaKey(file), image, 'image/webp', image.length);
  return file;
}

/** Tick step: aborts chunked ad uploads untouched for a day. */
export const purgeAbandonedAdUploads = (now: Date) => uploads.purgeAbandoned(now);

/**
 * How long a finished upload may wait for an ad to name it: the form is open meanwhile (an ad is
 * saved with media uploaded minutes before), and a form left open overnight gets a day.
 */
export const UNUSED_AD_MEDIA_MS = 24 * 60 * 60 * 1000;
/** Media names looked up in one query. */
const LOOKUP_AT_ONCE = 500;

/**
 * Tick step 'ad-media': removes finished ad media that no ad names once it is older than
 * UNUSED_AD_MEDIA_MS. The form deletes what it replaces or abandons, but a closed tab or a lost
 * request cannot: without this, such files stayed stored and served by GET /ads/media/{id} forever.
 */
export async function purgeUnusedAdMedia(db: Database, now: Date) {
  const before = new Date(now.getTime() - UNUSED_AD_MEDIA_MS);
  const files = (await storage().listOlderThan('ads/media', before)).map((key) => key.slice('ads/media/'.length)).filter((file) => FILE_RE.test(file));
  let removed = 0;
  for (let i = 0; i < files.length; i += LOOKUP_AT_ONCE) {
    const batch = files.slice(i, i + LOOKUP_AT_ONCE);
    const used = new Set((await db.select({ file: ads.mediaFile }).from(ads).where(inArray(ads.mediaFile, batch))).map((r) => r.file));
    // Checked again under the file's lock: an ad may have been saved naming it since the query.
    for (const file of batch.filter((f) => !used.has(f))) if ((await deleteUnused(db, file)) === 'deleted') removed++;
  }
  return { removed };
}

function keyOf(file: string) {
  if (!FILE_RE.test(file)) throw notFound(MEDIA_MESSAGES.notFound);
  return mediaKey(file);
}

/** Whether an uploaded media file exists (an ad may only name one that does). */
export async function mediaExists(file: string) {
  return FILE_RE.test(file) && !!(await storage().stat(mediaKey(file)));
}

/** The advisory lock space of ad media files, by a hash of the name (serving.ts has 7_341_200). */
const AD_MEDIA_LOCK_SPACE = 7_341_201;

/**
 * Holds a media file's lock until the transaction ends. Saving an ad that names the file (its
 * existence check and the write) and deleting it unused (the "no ad names it" check and the
 * delete) both take it, so each sees the other's outcome: without it a delete landing between a
 * save's check and its write left an active ad whose media was gone.
 */
export async function lockAdMedia(tx: Database, file: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${AD_MEDIA_LOCK_SPACE}, hashtext(${file}))`);
}

/** Deletes a media file unless an ad names it, under the file's lock (lockAdMedia). */
async function deleteUnused(db: Database, file: string): Promise<'used' | 'absent' | 'deleted'> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await lockAdMedia(t, file);
    const [used] = await t.select({ id: ads.id }).from(ads).where(eq(ads.mediaFile, file)).limit(1);
    if (used) return 'used';
    if (!(await storage().stat(mediaKey(file)))) return 'absent';
    await storage().delete(mediaKey(file));
    return 'deleted';
  });
}

/** DELETE /ads/multimedia/delete/{file}: an upload no ad uses (a replaced or abandoned one). */
export async function deleteAdMedia(db: Database, actor: Actor | null, file: string) {
  assertAdsRole(actor);
  keyOf(file); // a name no upload could have is 404 before any lookup
  const outcome = await deleteUnused(db, file);
  if (outcome === 'used') throw conflict(MEDIA_MESSAGES.inUse);
  if (outcome === 'absent') throw notFound(MEDIA_MESSAGES.notFound);
  return { id: file };
}

/** An ad no longer shows this file (replaced or the ad deleted): it goes unless another ad shows it. */
export async function releaseAdMedia(db: Database, file: string | null | undefined) {
  if (file && FILE_RE.test(file)) await deleteUnused(db, file);
}

/** GET /ads/media/{file}: streamed with byte ranges, so a video can seek. */
export async function adMediaResponse(file: string, range: string | null) {
  const res = await storedFileResponse(keyOf(file), range, { 'cache-control': 'public, max-age=31536000, immutable' });
  if (!res) throw notFound(MEDIA_MESSAGES.notFound);
  return res;
}
