import { randomBytes } from 'node:crypto';
import { readFormCapped } from '@/lib/api/body';
import { AppError, badRequest, unprocessable } from '@/lib/errors';
import { consumeOrThrow, limiter, waitInWords } from '@/lib/rate-limit';
import { chunkedUploads } from './chunked';
import { MAX_PART_NUMBER } from './driver';
import { storage } from './index';

/**
 * The spec's video upload call (jobs spec §7 "Uploads"), shared by job videos and ad videos:
 * stage simple (one request under 10 MB) or start → chunk × n → finish, mp4 and webm only,
 * checked by content. The domain says where a file goes (`keyOf`) and whose uploads a caller may
 * continue (`scope`); the stages are the same everywhere.
 */
export const SIMPLE_MAX_BYTES = 10 * 1024 * 1024;
export const CHUNK_MAX_BYTES = 25 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;
export const VIDEO_TYPES = ['mp4', 'webm'] as const;
export type VideoExt = (typeof VIDEO_TYPES)[number];
export const VIDEO_MESSAGES = {
  type: 'Videos must be mp4 or webm.',
  tooLarge: 'This video is too large.',
  simpleTooLarge: 'Files of 10 MB or more are sent in chunks (stage start, chunk, finish).',
  noFile: 'Choose a video file.',
  stage: 'Unknown upload stage.',
  parts: 'Send the parts as a JSON list of part numbers.',
  emptyPart: 'This part is empty. Send each part with the next bytes of the video.',
} as const;
const partRange = (maxParts: number) => `Part numbers run from 1 to ${maxParts}.`;
const tooManyStarts = (seconds: number) => `You have started many uploads in a short time. Try again in ${waitInWords(seconds)}.`;

/**
 * The smallest part but the last, as S3 has it (5 MiB; the browser sends 5 to 25 MB): so an upload
 * of `maxBytes` has at most maxBytes / MIN_PART_BYTES parts, 100 for a 500 MB video. Each chunk
 * reads the records of every part before it (its running total), and the storage's own limit of
 * 10,000 parts let one upload of empty parts make 50 million reads (an attacker's review).
 */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
export const partsAllowed = (maxBytes: number) => Math.max(1, Math.ceil(maxBytes / MIN_PART_BYTES));
/** Chunked uploads one uploader may start in an hour: each leaves records until it ends or the tick purges it a day later. */
export const UPLOAD_STARTS_PER_HOUR = 30;

/** What one uploader (a company's users together, or one staff member) may send in a day: 5 GB, ten videos at the limit. */
export const DAILY_UPLOAD_BYTES = 5 * 1024 * 1024 * 1024;
const sizeInWords = (bytes: number) => (bytes >= 1024 ** 3 ? `${Number((bytes / 1024 ** 3).toFixed(1))} GB` : `${Number((bytes / 1024 ** 2).toFixed(1))} MB`);
/** The 429 of an uploader past the day's bytes, saying the amount and how long to wait. */
export const dailyUploadLimit = (dailyBytes: number, waitSeconds: number) =>
  `You have reached today's upload limit of ${sizeInWords(dailyBytes)}. Try again in ${waitInWords(waitSeconds)}.`;

/** The 413 of a chunked video that would pass its upload's limit, naming the limit. */
export const videoTooLarge = (maxBytes: number) => `This video is too large: videos may be at most ${Number((maxBytes / (1024 * 1024)).toFixed(1))} MB.`;

/**
 * The multipart body of an upload call (job and ad media), read up to its largest part, a chunk, and
 * the form around it: a streamed body past that is refused as it arrives, not held whole in memory.
 */
export function uploadFormOf(req: Request, notAForm: string): Promise<FormData> {
  return readFormCapped(req, CHUNK_MAX_BYTES, { message: VIDEO_MESSAGES.tooLarge, field: 'file' }, () => badRequest(notAForm));
}

export function videoExtensionOf(raw: unknown): VideoExt {
  const ext = String(raw ?? '').replace(/^\./, '').toLowerCase();
  if (!(VIDEO_TYPES as readonly string[]).includes(ext)) throw unprocessable(VIDEO_MESSAGES.type, 'extension');
  return ext as VideoExt;
}

/** mp4: an ISO BMFF 'ftyp' box first; webm: the EBML magic number. */
function looksLike(ext: VideoExt, head: Buffer) {
  if (ext === 'mp4') return head.length > 12 && head.subarray(4, 8).toString('latin1') === 'ftyp';
  return head.length > 4 && head.readUInt32BE(0) === 0x1a45dfa3;
}

/** Refuses a file whose first bytes are not the declared type, before anything is stored. */
async function assertVideoStart(ext: VideoExt, file: Blob) {
  if (!looksLike(ext, Buffer.from(await file.slice(0, 16).arrayBuffer()))) throw unprocessable(VIDEO_MESSAGES.type, 'file');
}

/** The form's file, refused when missing or over `max` (413). */
export function formFile(form: FormData, max: number, tooLarge: string, missing: string = VIDEO_MESSAGES.noFile): Blob {
  const file = form.get('file');
  if (!file || typeof file === 'string') throw unprocessable(missing, 'file');
  if (file.size > max) throw new AppError(413, tooLarge, 'file');
  return file;
}

function partsOf(form: FormData, maxParts: number): number[] {
  let parts: number[];
  try {
    const raw = JSON.parse(String(form.get('parts') ?? ''));
    parts = (Array.isArray(raw) ? raw : []).map((p: unknown) => Number(typeof p === 'object' && p ? (p as { part_number?: unknown }).part_number : p));
  } catch {
    parts = [];
  }
  if (!parts.length || parts.some((p) => !Number.isInteger(p) || p < 1)) throw unprocessable(VIDEO_MESSAGES.parts, 'parts');
  if (parts.some((p) => p > maxParts)) throw unprocessable(partRange(maxParts), 'parts');
  return [...new Set(parts)].sort((a, b) => a - b);
}

/** A new file name: 24 random hex characters and the extension. */
export const newFileName = (ext: string) => `${randomBytes(12).toString('hex')}.${ext}`;

/** What a stage answers: an upload to go on with, or the stored file's name. */
export type VideoStageResult = { upload_id: string; part_number?: number } | { stored: string };

/**
 * `maxBytes`: the largest file an upload of this kind may become (VIDEO_MAX_BYTES unless told);
 * `maxParts`: the most parts one upload may have (maxBytes / MIN_PART_BYTES unless told);
 * `dailyBytes`: what one uploader may send in a day (24 hours from their first upload of it),
 * counted per file and per chunk as they are accepted (DAILY_UPLOAD_BYTES unless told). Without it
 * one account could fill the storage with files of the largest size, one after another.
 */
export function videoUploads(
  records: string,
  { maxBytes = VIDEO_MAX_BYTES, dailyBytes = DAILY_UPLOAD_BYTES, maxParts = partsAllowed(maxBytes) }: { maxBytes?: number; dailyBytes?: number; maxParts?: number } = {},
) {
  const uploads = chunkedUploads(records);
  const tooLarge = videoTooLarge(maxBytes);
  const partLimit = Math.min(MAX_PART_NUMBER, maxParts);
  const KB = 1024;
  /** Counts `bytes` against the uploader's day (429 past it, nothing counted); answers how to give them back. */
  async function countToday(uploader: string, bytes: number) {
    const points = Math.max(1, Math.ceil(bytes / KB));
    const l = await limiter(`upload-kb:${records}:${dailyBytes}`, Math.floor(dailyBytes / KB), 24 * 3600);
    await consumeOrThrow(l, uploader, (seconds) => dailyUploadLimit(dailyBytes, seconds), points);
    return () => l.reward(uploader, points).then(() => undefined);
  }
  return {
    /**
     * Runs the form's stage for a caller whose uploads live in `scope`; `uploader` is whose daily
     * amount the bytes count against (the scope unless told).
     */
    async handle(form: FormData, scope: string, keyOf: (name: string) => string, uploader: string = scope): Promise<VideoStageResult> {
      const stage = String(form.get('stage') ?? 'simple');
      if (stage === 'simple') {
        const ext = videoExtensionOf(form.get('extension'));
        const file = formFile(form, SIMPLE_MAX_BYTES, VIDEO_MESSAGES.simpleTooLarge);
        await assertVideoStart(ext, file);
        const giveBack = await countToday(uploader, file.size);
        const name = newFileName(ext);
        await storage().put(keyOf(name), file.stream(), `video/${ext}`, file.size).catch(async (error: unknown) => {
          await giveBack();
          throw error;
        });
        return { stored: name };
      }
      if (stage === 'start') {
        const ext = videoExtensionOf(form.get('extension'));
        await consumeOrThrow(await limiter(`upload-start:${records}`, UPLOAD_STARTS_PER_HOUR, 3600), uploader, tooManyStarts);
        const name = newFileName(ext);
        return { upload_id: await uploads.start(scope, keyOf(name), `video/${ext}`, { ext, name }) };
      }
      if (stage === 'chunk') {
        const upload = await uploads.open(scope, form.get('upload_id'));
        const part = Number(form.get('part_number'));
        if (!Number.isInteger(part) || part < 1 || part > partLimit) throw unprocessable(partRange(partLimit), 'part_number');
        const file = formFile(form, CHUNK_MAX_BYTES, VIDEO_MESSAGES.tooLarge);
        if (file.size === 0) throw unprocessable(VIDEO_MESSAGES.emptyPart, 'file');
        // The type is known from the first part: refuse a wrong file now, not after 500 MB.
        if (part === 1) await assertVideoStart(upload.meta.ext as VideoExt, file);
        // The upload's running total is checked before any of the part is stored (413 past maxBytes);
        // a part refused there, or by the storage, does not count against the day.
        const giveBack = await countToday(uploader, file.size);
        await uploads.chunk(upload, part, file, maxBytes, tooLarge).catch(async (error: unknown) => {
          await giveBack();
          throw error;
        });
        return { upload_id: upload.uploadId, part_number: part };
      }
      if (stage === 'finish') {
        const upload = await uploads.open(scope, form.get('upload_id'));
        await uploads.finish(upload, partsOf(form, partLimit), maxBytes, tooLarge);
        return { stored: upload.meta.name };
      }
      throw unprocessable(VIDEO_MESSAGES.stage, 'stage');
    },
    /**
     * Cancels the caller's unfinished chunked upload in `scope` (DELETE …/upload/{uploadId}): its
     * parts and records go at once. An id of another scope, or of an upload that has ended, is 404
     * and removes nothing. Bytes already sent stay counted against the uploader's day.
     */
    async cancel(scope: string, uploadId: unknown) {
      const upload = await uploads.open(scope, uploadId);
      await uploads.abort(upload);
      return { upload_id: upload.uploadId };
    },
    /** Tick step: aborts chunked uploads untouched for a day. */
    purgeAbandoned: (now: Date) => uploads.purgeAbandoned(now),
  };
}
