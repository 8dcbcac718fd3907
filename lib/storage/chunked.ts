import { randomBytes } from 'node:crypto';
import { AppError, notFound, unprocessable } from '@/lib/errors';
import { StorageInputError, type UploadedPart } from './driver';
import { storage } from './index';

/**
 * The spec's chunked upload (jobs spec §7: start → chunk × n → finish) over the driver's multipart
 * calls, one to one. Small records per upload live under `<records>/<scope>/<upload id>/`:
 *
 * - `meta.json` ties the public upload id to the driver's and names the file the upload becomes;
 *   it is rewritten on every chunk, so its age tells an abandoned upload from a slow one;
 * - `part-<n>.json` holds a stored part's ETag and size;
 * - `hold-<n>-<size>-<random>.json` is written before a part's bytes are sent and removed once its
 *   part record is written, so parts sent at the same time count against each other.
 *
 * A chunk that would take the upload's stored bytes past its size limit is refused (413) before
 * any of it is stored; finish refuses a part list other than 1..n as uploaded (422, nothing
 * changed), and aborts the upload when it refuses the file itself (too large, or parts the storage
 * cannot join). The caller may abort its own upload at once (abort: the browser's Cancel); the tick
 * aborts uploads untouched for ABANDONED_UPLOAD_MS and removes every record left behind
 * (purgeAbandoned).
 */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;
export const UPLOAD_NOT_FOUND = 'Upload not found.';

type UploadRecord = { key: string; driverId: string; contentType: string; meta: { [k: string]: string } };
export type OpenUpload = UploadRecord & { scope: string; uploadId: string };
type PartRecord = { etag: string; size: number };

const ID_RE = /^[a-z0-9]{24}$/;
const PART_RE = /\/part-(\d+)\.json$/;
const HOLD_RE = /\/hold-(\d+)-(\d+)-[a-f0-9]+\.json$/;
/** A moment after any record was written: listOlderThan(prefix, EVER) lists every record. */
const EVER = new Date(8.64e15);
/** Records read or removed at the same time (an upload may have up to 10,000 parts). */
const AT_ONCE = 32;

/** Turns a storage refusal (a missing or too small part) into the caller's 422. */
async function asInput<T>(work: Promise<T>, field: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof StorageInputError) throw unprocessable(error.message, field);
    throw error;
  }
}

/** `fn` over `items`, at most AT_ONCE at a time, answers in order. */
async function eachLimited<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, worker));
  return out;
}

/** [2, 3, 4, 7] → '2-4, 7' */
function numberList(numbers: number[]) {
  const runs: string[] = [];
  for (let i = 0; i < numbers.length; i++) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1) j++;
    runs.push(j === i ? String(numbers[i]) : j === i + 1 ? `${numbers[i]}, ${numbers[j]}` : `${numbers[i]}-${numbers[j]}`);
    i = j;
  }
  return runs.join(', ');
}

/**
 * Why a finish's part list is refused, or null: the parts must be exactly 1..n, each uploaded, and
 * no uploaded part may be left out.
 */
function partListProblem(listed: number[], uploaded: ReadonlySet<number>): string | null {
  const inList = new Set(listed);
  const n = Math.max(1, ...listed, ...uploaded);
  const missing: number[] = [];
  for (let p = 1; p <= n; p++) if (!uploaded.has(p)) missing.push(p);
  const unlisted = [...uploaded].filter((p) => !inList.has(p)).sort((a, b) => a - b);
  const problems: string[] = [];
  if (missing.length) problems.push(missing.length === 1 ? `Part ${missing[0]} was not uploaded.` : `Parts ${numberList(missing)} were not uploaded.`);
  if (unlisted.length) {
    problems.push(
      unlisted.length === 1 ? `Part ${unlisted[0]} was uploaded but is not in the list of parts.` : `Parts ${numberList(unlisted)} were uploaded but are not in the list of parts.`,
    );
  }
  return problems.length ? problems.join(' ') : null;
}

export function chunkedUploads(records: string) {
  const folderOf = (scope: string, uploadId: string) => `${records}/${scope}/${uploadId}`;
  const metaKey = (scope: string, uploadId: string) => `${folderOf(scope, uploadId)}/meta.json`;
  const partRecord = (scope: string, uploadId: string, part: number) => `${folderOf(scope, uploadId)}/part-${part}.json`;
  const write = (key: string, value: unknown) => {
    const data = Buffer.from(JSON.stringify(value));
    return storage().put(key, data, 'application/json', data.length);
  };
  const readPart = async (key: string) => {
    const file = await storage().get(key);
    return file ? (JSON.parse(file.data.toString('utf8')) as PartRecord) : null;
  };
  const numberOf = (key: string, re: RegExp) => Number(re.exec(key)?.[1] ?? NaN);

  /**
   * The bytes an upload holds or is being sent: each part counted once, at the largest size its
   * part record or a hold says (a part sent again replaces the earlier one).
   */
  async function heldBytes(folder: string) {
    const keys = await storage().listOlderThan(folder, EVER);
    const largest = new Map<number, number>();
    const count = (part: number, size: number) => largest.set(part, Math.max(largest.get(part) ?? 0, size));
    for (const key of keys) {
      const hold = HOLD_RE.exec(key);
      if (hold) count(Number(hold[1]), Number(hold[2]));
    }
    const parts = keys.filter((k) => PART_RE.test(k));
    const records = await eachLimited(parts, readPart);
    for (const [i, record] of records.entries()) if (record) count(numberOf(parts[i], PART_RE), record.size);
    return [...largest.values()].reduce((a, b) => a + b, 0);
  }

  /** Removes every record of an upload (part records and holds included), meta.json last. */
  async function removeRecords(folder: string) {
    const keys = await storage().listOlderThan(folder, EVER);
    const meta = `${folder}/meta.json`;
    await eachLimited(
      keys.filter((k) => k !== meta),
      (k) => storage().delete(k),
    );
    await storage().delete(meta);
  }

  /** Drops an upload at once: the driver's parts (AbortMultipartUpload on S3) and every record. */
  async function abort(upload: OpenUpload) {
    await storage().abortMultipart(upload.key, upload.driverId);
    await removeRecords(folderOf(upload.scope, upload.uploadId));
  }

  return {
    /** stage start: begins the driver's multipart upload of `key`; answers the public upload id. */
    async start(scope: string, key: string, contentType: string, meta: UploadRecord['meta'] = {}) {
      const uploadId = randomBytes(12).toString('hex');
      const driverId = await storage().startMultipart(key, contentType);
      await write(metaKey(scope, uploadId), { key, driverId, contentType, meta } satisfies UploadRecord);
      return uploadId;
    },

    /** The caller's upload in this scope (another scope's id is simply not found). */
    async open(scope: string, uploadId: unknown): Promise<OpenUpload> {
      const id = String(uploadId ?? '');
      if (!ID_RE.test(id)) throw notFound(UPLOAD_NOT_FOUND);
      const file = await storage().get(metaKey(scope, id));
      if (!file) throw notFound(UPLOAD_NOT_FOUND);
      return { ...(JSON.parse(file.data.toString('utf8')) as UploadRecord), scope, uploadId: id };
    },

    /**
     * stage chunk: one part, streamed to the driver; its ETag and size are kept for finish. A part
     * that would take the upload past `maxBytes` is refused (413 `tooLarge`) with nothing of it
     * stored: its hold is written first and counted with every other part and hold, so parts sent
     * at the same time cannot each slip under the limit.
     */
    async chunk(upload: OpenUpload, partNumber: number, file: Blob, maxBytes: number, tooLarge: string) {
      const { scope, uploadId, key, driverId } = upload;
      const size = file.size;
      if (size > maxBytes) throw new AppError(413, tooLarge, 'file');
      const folder = folderOf(scope, uploadId);
      const hold = `${folder}/hold-${partNumber}-${size}-${randomBytes(6).toString('hex')}.json`;
      await write(hold, { part: partNumber, size });
      let stored = false;
      try {
        if ((await heldBytes(folder)) > maxBytes) throw new AppError(413, tooLarge, 'file');
        const etag = await asInput(storage().uploadPart(key, driverId, partNumber, file.stream(), size), 'part_number');
        stored = true;
        await write(partRecord(scope, uploadId, partNumber), { etag, size } satisfies PartRecord);
      } catch (error) {
        // A part the driver stored stays counted by its hold until the upload ends.
        if (!stored) await storage().delete(hold).catch(() => undefined);
        throw error;
      }
      // Cancelled (or purged) while this part was on its way: what the part left goes too, and
      // meta.json is not written back for an upload that has ended.
      if (!(await storage().stat(metaKey(scope, uploadId)))) {
        await abort(upload);
        throw notFound(UPLOAD_NOT_FOUND);
      }
      await storage().delete(hold);
      // Rewritten so its age is the time since the upload was last worked on.
      await write(metaKey(scope, uploadId), { key, driverId, contentType: upload.contentType, meta: upload.meta } satisfies UploadRecord);
    },

    /**
     * stage finish: joins parts 1..n (part 1 first: its bytes were checked on arrival) into the file.
     * A list that is not exactly the uploaded parts 1..n is refused (422 naming the parts) with
     * nothing changed; a file over `maxBytes` (413 `tooLarge`) or parts the storage refuses to join
     * (422) end the upload: its parts and records go at once.
     */
    async finish(upload: OpenUpload, parts: number[], maxBytes: number, tooLarge: string) {
      const { scope, uploadId, key, driverId } = upload;
      const folder = folderOf(scope, uploadId);
      const listed = [...new Set(parts)].sort((a, b) => a - b);
      const uploaded = new Set((await storage().listOlderThan(folder, EVER)).filter((k) => PART_RE.test(k)).map((k) => numberOf(k, PART_RE)));
      const problem = partListProblem(listed, uploaded);
      if (problem) throw unprocessable(problem, 'parts');
      const partRecords = await eachLimited(listed, (p) => readPart(partRecord(scope, uploadId, p)));
      const gone = listed.filter((_, i) => !partRecords[i]);
      if (gone.length) throw unprocessable(partListProblem(listed, new Set(listed.filter((p) => !gone.includes(p))))!, 'parts');
      const total = partRecords.reduce((sum, r) => sum + r!.size, 0);
      if (total > maxBytes) {
        await abort(upload);
        throw new AppError(413, tooLarge, 'file');
      }
      const joined: UploadedPart[] = listed.map((partNumber, i) => ({ partNumber, etag: partRecords[i]!.etag }));
      try {
        await storage().completeMultipart(key, driverId, joined);
      } catch (error) {
        if (!(error instanceof StorageInputError)) throw error;
        await abort(upload);
        throw unprocessable(error.message, 'parts');
      }
      await removeRecords(folder);
      return { key, meta: upload.meta, size: total };
    },

    /**
     * Cancel (the browser's Cancel button, or a form left mid-upload): drops the caller's unfinished
     * upload at once, its driver parts (AbortMultipartUpload on S3) and every record. A part still
     * on its way when this runs is dropped by its own chunk call (above).
     */
    abort,

    /**
     * Tick step: aborts uploads untouched for a day and removes every record they left (meta.json,
     * part records, holds), and removes day-old records whose upload is already gone.
     */
    async purgeAbandoned(now: Date) {
      const before = new Date(now.getTime() - ABANDONED_UPLOAD_MS);
      const stale = new Map<string, string[]>();
      for (const key of await storage().listOlderThan(records, before)) {
        const [scope, uploadId, name] = key.slice(records.length + 1).split('/');
        if (!name) continue;
        const folder = folderOf(scope, uploadId);
        stale.set(folder, [...(stale.get(folder) ?? []), key]);
      }
      let aborted = 0;
      for (const [folder, keys] of stale) {
        const meta = `${folder}/meta.json`;
        if (keys.includes(meta)) {
          const file = await storage().get(meta);
          if (file) {
            const { key: target, driverId } = JSON.parse(file.data.toString('utf8')) as UploadRecord;
            await storage().abortMultipart(target, driverId);
            aborted++;
          }
          await removeRecords(folder);
        } else if (!(await storage().stat(meta))) {
          // Records whose upload has ended: nothing will read them again.
          await eachLimited(keys, (k) => storage().delete(k));
        }
        // Otherwise the upload was worked on within the day: all of it stays.
      }
      return { aborted };
    },
  };
}
