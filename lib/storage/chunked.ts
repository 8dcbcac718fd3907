import { randomBytes } from 'node:crypto';
import { AppError, notFound, unprocessable } from '@/lib/errors';
import { StorageInputError, type UploadedPart } from './driver';
import { storage } from './index';

/**
 * The spec's chunked upload (jobs spec §7: start → chunk × n → finish) over the driver's multipart
 * calls, one to one. A small record per upload (and one per part, holding its ETag) lives under
 * `<records>/<scope>/<upload id>/`: it ties the public upload id to the driver's, names the file
 * the upload becomes, and is rewritten on every chunk, so its age tells an abandoned upload from a
 * slow one. The tick aborts uploads untouched for ABANDONED_UPLOAD_MS (purgeAbandoned).
 */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;
export const UPLOAD_NOT_FOUND = 'Upload not found.';

type UploadRecord = { key: string; driverId: string; contentType: string; meta: { [k: string]: string } };
export type OpenUpload = UploadRecord & { scope: string; uploadId: string };

const ID_RE = /^[a-z0-9]{24}$/;

/** Turns a storage refusal (a missing or too small part) into the caller's 422. */
async function asInput<T>(work: Promise<T>, field: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof StorageInputError) throw unprocessable(error.message, field);
    throw error;
  }
}

export function chunkedUploads(records: string) {
  const recordKey = (scope: string, uploadId: string, name: string) => `${records}/${scope}/${uploadId}/${name}`;
  const partRecord = (scope: string, uploadId: string, part: number) => recordKey(scope, uploadId, `part-${part}.json`);
  const write = (key: string, value: unknown) => {
    const data = Buffer.from(JSON.stringify(value));
    return storage().put(key, data, 'application/json', data.length);
  };

  async function removeRecords(scope: string, uploadId: string, parts: Iterable<number>) {
    await Promise.all([...[...parts].map((p) => storage().delete(partRecord(scope, uploadId, p))), storage().delete(recordKey(scope, uploadId, 'meta.json'))]);
  }

  return {
    /** stage start: begins the driver's multipart upload of `key`; answers the public upload id. */
    async start(scope: string, key: string, contentType: string, meta: UploadRecord['meta'] = {}) {
      const uploadId = randomBytes(12).toString('hex');
      const driverId = await storage().startMultipart(key, contentType);
      await write(recordKey(scope, uploadId, 'meta.json'), { key, driverId, contentType, meta } satisfies UploadRecord);
      return uploadId;
    },

    /** The caller's upload in this scope (another scope's id is simply not found). */
    async open(scope: string, uploadId: unknown): Promise<OpenUpload> {
      const id = String(uploadId ?? '');
      if (!ID_RE.test(id)) throw notFound(UPLOAD_NOT_FOUND);
      const file = await storage().get(recordKey(scope, id, 'meta.json'));
      if (!file) throw notFound(UPLOAD_NOT_FOUND);
      return { ...(JSON.parse(file.data.toString('utf8')) as UploadRecord), scope, uploadId: id };
    },

    /** stage chunk: one part, streamed to the driver; its ETag is kept for finish. */
    async chunk(upload: OpenUpload, partNumber: number, file: Blob) {
      const { scope, uploadId, key, driverId } = upload;
      const etag = await asInput(storage().uploadPart(key, driverId, partNumber, file.stream(), file.size), 'part_number');
      await write(partRecord(scope, uploadId, partNumber), { etag, size: file.size });
      // Rewritten so its age is the time since the upload was last worked on.
      await write(recordKey(scope, uploadId, 'meta.json'), { key, driverId, contentType: upload.contentType, meta: upload.meta } satisfies UploadRecord);
    },

    /**
     * stage finish: joins the listed parts (part 1 first: its bytes were checked on arrival) into
     * the file, refusing missing parts and a total over `maxBytes` (413) before anything is joined.
     */
    async finish(upload: OpenUpload, parts: number[], maxBytes: number, tooLarge: string) {
      const { scope, uploadId, key, driverId } = upload;
      if (parts[0] !== 1) throw unprocessable('Part 1 was not uploaded.', 'parts');
      const uploaded: UploadedPart[] = [];
      let total = 0;
      for (const p of parts) {
        const record = await storage().get(partRecord(scope, uploadId, p));
        if (!record) throw unprocessable(`Part ${p} was not uploaded.`, 'parts');
        const { etag, size } = JSON.parse(record.data.toString('utf8')) as { etag: string; size: number };
        total += size;
        if (total > maxBytes) throw new AppError(413, tooLarge, 'file');
        uploaded.push({ partNumber: p, etag });
      }
      await asInput(storage().completeMultipart(key, driverId, uploaded), 'parts');
      await removeRecords(scope, uploadId, parts);
      return { key, meta: upload.meta, size: total };
    },

    /** Tick step: aborts uploads untouched for a day and removes their records. */
    async purgeAbandoned(now: Date) {
      const before = new Date(now.getTime() - ABANDONED_UPLOAD_MS);
      const stale = await storage().listOlderThan(records, before);
      let aborted = 0;
      for (const key of stale.filter((k) => k.endsWith('/meta.json'))) {
        const [scope, uploadId] = key.slice(records.length + 1).split('/');
        const file = await storage().get(key);
        if (file) {
          const { key: target, driverId } = JSON.parse(file.data.toString('utf8')) as UploadRecord;
          await storage().abortMultipart(target, driverId);
          aborted++;
        }
        const partRecords = await storage().listOlderThan(`${records}/${scope}/${uploadId}`, new Date(now.getTime() + 60_000));
        await Promise.all(partRecords.map((k) => storage().delete(k)));
        await storage().delete(key);
      }
      return { aborted };
    },
  };
}
