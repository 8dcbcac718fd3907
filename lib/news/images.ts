import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { checkImage, decodeImage } from '@/lib/accounts/image-upload';
import { readFormCapped } from '@/lib/api/body';
import { AppError, unprocessable } from '@/lib/errors';
import { MAX_IMAGE_WIDTH } from '@/lib/jobs/editor-rules';
import { storage } from '@/lib/storage';
import { assertWriter } from './access';
import { channelOrThrow } from './channels';
import { CHANNEL_INACTIVE, IMAGE_UPLOAD_FAILED } from './schemas';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Every failure of an editor image says the spec's one upload message. */
const IMAGE_RULES = { field: 'image', maxBytes: IMAGE_MAX_BYTES, tooLarge: IMAGE_UPLOAD_FAILED, badType: IMAGE_UPLOAD_FAILED, types: ['png', 'jpeg', 'webp', 'gif'] };

/** Public address prefix of news images (app/api/v1.0/news/images/[name]). */
export const IMAGE_URL_PREFIX = '/api/v1.0/news/images/';
const KEY_PREFIX = 'news/images/';
const NAME = /^[a-z0-9-]{8,80}\.webp$/;

/** Sizes of a post's thumbnails: full resolution (fits 1200 wide) and small (a 320 × 180 crop). */
export const THUMBNAIL_FULL_WIDTH = 1200;
export const THUMBNAIL_SMALL = { width: 320, height: 180 } as const;

export const imageUrl = (name: string) => `${IMAGE_URL_PREFIX}${name}`;

/** The storage key of one of our news image addresses, or null for anything else. */
export function keyOfImageUrl(url: string | null | undefined): string | null {
  const name = url?.startsWith(IMAGE_URL_PREFIX) ? url.slice(IMAGE_URL_PREFIX.length).split('?')[0] : '';
  return NAME.test(name) ? KEY_PREFIX + name : null;
}

/** Whether an address is one of the images uploaded to this channel (their names start with its id). */
export function isChannelImageUrl(url: string, channelId: number): boolean {
  return keyOfImageUrl(url)?.startsWith(`${KEY_PREFIX}${channelId}-`) ?? false;
}

export function imageKeyOfName(name: string): string | null {
  return NAME.test(name) ? KEY_PREFIX + name : null;
}

/** Decodes an image by its content; wider than 720 px is stored at 720 (the editor rule), as WebP. */
export async function processEditorImage(bytes: Buffer): Promise<Buffer> {
  await checkImage(bytes, IMAGE_RULES);
  return decodeImage(IMAGE_RULES, () =>
    sharp(bytes, { animated: false }).rotate().resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true }).webp({ quality: 85 }).toBuffer(),
  );
}

/** Reads the 'image' file of a multipart request; every failure says the spec's upload message. */
export async function imageFromRequest(req: Request): Promise<Buffer> {
  const form = await readFormCapped(req, IMAGE_MAX_BYTES, { message: IMAGE_UPLOAD_FAILED, field: 'image' }, () => unprocessable(IMAGE_UPLOAD_FAILED, 'image'));
  const file = form.get('image');
  if (!file || typeof file === 'string' || file.size === 0) throw unprocessable(IMAGE_UPLOAD_FAILED, 'image');
  if (file.size > IMAGE_MAX_BYTES) throw new AppError(413, IMAGE_UPLOAD_FAILED, 'image');
  return Buffer.from(await file.arrayBuffer());
}

/** POST /news/channels/{id}/upload-image: stores an editor image and answers its image_url. */
export async function uploadChannelImage(db: Database, actor: Actor | null, channelId: number, read: () => Promise<Buffer>) {
  assertWriter(actor);
  // Images are stored for good and served to anyone: an inactive channel takes none, as it takes no new posts.
  if (!(await channelOrThrow(db, channelId)).isActive) throw unprocessable(CHANNEL_INACTIVE);
  const image = await processEditorImage(await read());
  const name = `${channelId}-${randomBytes(8).toString('hex')}.webp`;
  await storage().put(KEY_PREFIX + name, image, 'image/webp');
  const { width, height } = await sharp(image).metadata();
  return { image_url: imageUrl(name), width, height };
}

/** Makes a post's two thumbnails from one of our stored images; null when the image is not ours or absent. */
export async function makeThumbnails(sourceUrl: string | null | undefined): Promise<{ full: string; small: string } | null> {
  const key = keyOfImageUrl(sourceUrl);
  const file = key ? await storage().get(key) : null;
  if (!file) return null;
  const id = randomBytes(8).toString('hex');
  const [full, small] = await Promise.all([
    sharp(file.data).resize({ width: THUMBNAIL_FULL_WIDTH, withoutEnlargement: true }).webp({ quality: 85 }).toBuffer(),
    sharp(file.data).resize({ ...THUMBNAIL_SMALL, fit: 'cover' }).webp({ quality: 80 }).toBuffer(),
  ]);
  const names = { full: `thumb-${id}-full.webp`, small: `thumb-${id}-small.webp` };
  await storage().put(KEY_PREFIX + names.full, full, 'image/webp');
  await storage().put(KEY_PREFIX + names.small, small, 'image/webp');
  return { full: imageUrl(names.full), small: imageUrl(names.small) };
}

/**
 * The first of our images in a stored body (the default thumbnail source): of its Lexical state, or,
 * for a body written through the API as HTML (no state), of its sanitized HTML, whose attributes
 * are always double-quoted. Reading only the state left HTML posts without thumbnails.
 */
export function firstImageOfBody(state: unknown, html: string | null | undefined): string | null {
  if (state != null) return firstImageUrl(state);
  for (const [, src] of (html ?? '').matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/gi)) if (keyOfImageUrl(src)) return src;
  return null;
}

/** The first of our images in a Lexical state. */
export function firstImageUrl(state: unknown): string | null {
  const stack: unknown[] = [state];
  while (stack.length) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    const n = node as { type?: unknown; src?: unknown; root?: unknown; children?: unknown };
    if (n.type === 'image' && typeof n.src === 'string' && keyOfImageUrl(n.src)) return n.src;
    if (n.root) stack.push(n.root);
    if (Array.isArray(n.children)) stack.push(...[...n.children].reverse());
  }
  return null;
}
