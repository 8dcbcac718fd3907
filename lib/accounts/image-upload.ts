import sharp from 'sharp';
import { readFormCapped } from '@/lib/api/body';
import { AppError, badRequest, unprocessable } from '@/lib/errors';

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

/** Refuses bytes that are not one of the image formats allowed (sharp reads the content). */
export async function checkImage(bytes: Buffer, rules: Pick<Rules, 'field' | 'maxBytes' | 'tooLarge' | 'badType' | 'types'>) {
  if (bytes.length > rules.maxBytes) throw new AppError(413, rules.tooLarge, rules.field);
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    throw unprocessable(rules.badType, rules.field);
  }
  if (!format || !rules.types.includes(format)) throw unprocessable(rules.badType, rules.field);
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
