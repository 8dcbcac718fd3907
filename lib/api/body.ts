import { AppError } from '@/lib/errors';

export const BODY_TOO_LARGE = 'Request body is too large.';

type TooLarge = { message?: string; field?: string };

/**
 * The request body, read up to `maxBytes`. A chunked body has no Content-Length and a declared one
 * can be wrong, so the bytes are counted as they arrive: past the cap the stream is cancelled and
 * the request answers 413 at once, holding at most the cap in memory (`req.text()` and
 * `req.formData()` read the whole body first, however large).
 */
export async function readBodyCapped(req: Request, maxBytes: number, tooLarge: TooLarge = {}): Promise<Buffer<ArrayBuffer>> {
  const refuse = () => new AppError(413, tooLarge.message ?? BODY_TOO_LARGE, tooLarge.field);
  if (Number(req.headers.get('content-length') || 0) > maxBytes) throw refuse();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    total += r.value.byteLength;
    if (total > maxBytes) {
      // The rest is not wanted: cancelling tells the source to stop sending.
      reader.cancel().catch(() => {});
      throw refuse();
    }
    chunks.push(r.value);
  }
  return Buffer.concat(chunks, total);
}

// Decodes as `req.text()` does: UTF-8, a leading byte order mark dropped.
const utf8 = new TextDecoder();

export const INVALID_JSON = 'Invalid JSON body';

/**
 * The request body parsed as JSON, read up to `maxBytes` (413 past it) and 400 "Invalid JSON body"
 * when it does not parse. A blank body is `blankAs` when given (the API's routes take it as `{}`),
 * otherwise invalid like any other text that is not JSON.
 */
export async function readJsonCapped(req: Request, maxBytes: number, options: { blankAs?: object } = {}): Promise<unknown> {
  const text = utf8.decode(await readBodyCapped(req, maxBytes));
  if (options.blankAs && !text.trim()) return options.blankAs;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, INVALID_JSON);
  }
}

/** Room for a form's boundaries and the small fields beside its file (a logo's crop, an upload's stage). */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * A multipart body whose file may hold `maxFileBytes`, parsed from at most that and the form around
 * it. Past the cap: 413 with `tooLarge`; a body that is not a form: `notAForm()` (each route says it
 * its own way).
 */
export async function readFormCapped(req: Request, maxFileBytes: number, tooLarge: TooLarge, notAForm: () => Error): Promise<FormData> {
  const bytes = await readBodyCapped(req, maxFileBytes + FORM_OVERHEAD_BYTES, tooLarge);
  try {
    return await new Response(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      headers: { 'content-type': req.headers.get('content-type') ?? '' },
    }).formData();
  } catch {
    throw notAForm();
  }
}
