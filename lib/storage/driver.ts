import path from 'node:path';

/** Bytes to store: whole (small files) or a stream (videos), which is never held in memory at once. */
export type Body = Buffer | ReadableStream<Uint8Array>;

/** An inclusive byte range, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

/** One uploaded part of a multipart upload, as completing it needs it. */
export type UploadedPart = { partNumber: number; etag: string };

/**
 * Where uploaded files live: local disk under DATA_DIR/uploads (the default) or an S3-compatible
 * bucket (docs/storage.md). Nothing else touches files. Keys are relative paths of safe segments
 * ('companies/12/logo-ab12.webp').
 *
 * Large files arrive in parts (the spec's chunked upload): start → startMultipart, each chunk →
 * uploadPart, finish → completeMultipart, an abandoned upload → abortMultipart. On S3 these are
 * CreateMultipartUpload / UploadPart / CompleteMultipartUpload / AbortMultipartUpload one to one,
 * so the parts never pass through the server's memory or disk twice.
 */
export interface StorageDriver {
  /**
   * Writes a whole file; readers see the old file or the new one, never half of it. A stream body
   * needs its `size` (S3 must be told the length of a streamed object up front).
   */
  put(key: string, body: Body, contentType: string, size?: number): Promise<void>;
  /** A small file read whole (logos, upload records); null when absent. */
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  /** Size and type without reading; null when absent. */
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  /** The file (or one range of it) as a stream, read as the consumer pulls; null when absent. */
  stream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes a file; absent files are fine. */
  delete(key: string): Promise<void>;
  /** Keys under a prefix last written before a moment (for clean-up). */
  listOlderThan(prefix: string, before: Date): Promise<string[]>;

  /** Begins a multipart upload that will become `key`; answers the driver's upload id. */
  startMultipart(key: string, contentType: string): Promise<string>;
  /** Stores one part (numbers 1..10000; a part sent again replaces the earlier one); answers its ETag. */
  uploadPart(key: string, uploadId: string, partNumber: number, body: Body, size: number): Promise<string>;
  /** Joins the parts, in the order given, into `key`. */
  completeMultipart(key: string, uploadId: string, parts: UploadedPart[]): Promise<void>;
  /** Drops an unfinished upload and its parts; an unknown upload is fine. */
  abortMultipart(key: string, uploadId: string): Promise<void>;

  /**
   * A short-lived URL a browser can fetch the file from directly (S3 presigned GET), or null when
   * the driver has none and the app streams the file itself (disk).
   */
  signedReadUrl(key: string, seconds: number): Promise<string | null>;
}

/** A storage failure the caller caused (a missing or too small part): the API answers 422, not 500. */
export class StorageInputError extends Error {}

/** Completing with an ETag that is not the stored part's (S3's InvalidPart; the disk driver's check). */
export const PARTS_MISMATCH = 'The parts of this upload do not match what was sent.';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.json': 'application/json',
};

export const contentTypeOf = (key: string) => TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/** Keys are relative paths of safe segments: 'companies/12/logo-ab12.webp'. */
export function assertSafeKey(key: string) {
  if (!/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

export const MAX_PART_NUMBER = 10_000;

export function assertPartNumber(partNumber: number) {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) throw new StorageInputError(`Part numbers run from 1 to ${MAX_PART_NUMBER}.`);
}
