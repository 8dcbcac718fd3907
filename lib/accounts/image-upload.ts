import sharp, { type Metadata } from 'sharp';
import { readFormCapped } from '@/lib/api/body';
import { AppError, badRequest, unprocessable } from '@/lib/errors';
import { consumeOrThrow, limiter, waitInWords } from '@/lib/rate-limit';

type Rules = { field: string; maxBytes: number; tooLarge: string; badType: string; types: readonly string[]; missing: string };

/**
 * Reads one image file of a multipart request and checks it by its content, not its name (logos,
 * profile pictures). Answers the bytes and the rest of the form (a logo's crop fields).
 */
export async function imageFromRequest(req: Request, rules: Rules): Promise<{ bytes: Buffer; form: FormData }> {
  const form = await readFormCapped(req, rules.maxBytes, { message: rules.tooLarge, field: rules.field }, () =>
    badRequest(`Send the image as multipart/form-data in the field "${rules.field}".`, rules.field),
  );
  const file = form.get(rules.field);
  if (!file || typeof file === 'string') throw unprocessable(rules.missing, rules.field);
  if (file.size > rules.maxBytes) throw new AppError(413, rules.tooLarge, rules.field);
  return { bytes: Buffer.from(await file.arrayBuffer()), form };
}

/**
 * The most pixels an uploaded image may have (the ads' media take the same). A few hundred kilobytes
 * of PNG can declare 16,000 × 16,000 pixels, and every one of them is decoded: the cap keeps one
 * upload's decoding to a fraction of a second. A 48-megapixel phone photo still passes.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const TOO_MANY_PIXELS = 'The image has too many pixels (at most 50 megapixels): send a smaller one.';

/**
 * Profile pictures and company logos one account may upload in an hour, together. Each is decoded,
 * resized and encoded (up to MAX_IMAGE_PIXELS: about a second of the server's CPU), and any
 * signed-in account, a driver's too, may send them: without a bound, one account looping uploads
 * kept a core busy. Taken before the image is decoded. Enough for anyone trying crops.
 */
export const IMAGE_UPLOADS_PER_HOUR = 60;
export async function limitImageUploads(userId: number) {
  await consumeOrThrow(await limiter('image-upload', IMAGE_UPLOADS_PER_HOUR, 3600), String(userId), (s) => `You have sent many images in a short time. Please try again in ${waitInWords(s)}.`);
}

/** Refuses bytes that are not one of the image formats allowed (sharp reads the content), and images past MAX_IMAGE_PIXELS. */
export async function checkImage(bytes: Buffer, rules: Pick<Rules, 'field' | 'maxBytes' | 'tooLarge' | 'badType' | 'types'>) {
  if (bytes.length > rules.maxBytes) throw new AppError(413, rules.tooLarge, rules.field);
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw unprocessable(rules.badType, rules.field);
  }
  if (!meta.format || !rules.types.includes(meta.format)) throw unprocessable(rules.badType, rules.field);
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) throw unprocessable(TOO_MANY_PIXELS, rules.field);
}

/** An image's width and height as it is shown: EXIF orientations 5–8 turn it a quarter. */
export function orientedSize(meta: { width?: number; height?: number; orientation?: number }) {
  const [w, h] = [meta.width ?? 0, meta.height ?? 0];
  return (meta.orientation ?? 1) >= 5 ? { width: h, height: w } : { width: w, height: h };
}

/**
 * Runs `work` (decode, resize, encode) on an image that `checkImage` passed, answering 422 `badType`
 * when the image fails: the header check reads only the start of the file, so a file cut short or
 * a corrupt one is found only once its pixels are decoded ('VipsJpeg: premature end of JPEG image').
 */
export async function decodeImage<T>(rules: Pick<Rules, 'field' | 'badType'>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unprocessable(rules.badType, rules.field);
  }
}
