import path from 'node:path';

/** Bytes to store: whole (small files) or a stream (videos), which is never held in memory at once. */
export type Body = Buffer | ReadableStream<Uint8Array>;

/** An inclusive byte range, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded files live. The default driver writes under DATA_DIR/uploads; an S3-compatible
 * driver implements the same calls (DESIGN.md "files": put → PutObject, append → multipart part,
 * stream → ranged GetObject, listOlderThan → ListObjectsV2 by LastModified). Nothing else touches
 * files. Keys are relative paths of safe segments ('companies/12/logo-ab12.webp').
 */
export interface StorageDriver {
  /** Writes a whole file; readers see the old file or the new one, never half of it. */
  put(key: string, body: Body, contentType: string): Promise<void>;
  /** Adds bytes at the end of a file, creating it. */
  append(key: string, body: Body): Promise<void>;
  /** A small file read whole (logos, upload metadata); null when absent. */
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  /** Size and type without reading; null when absent. */
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  /** The file (or one range of it) as a stream; null when absent. */
  stream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes a file; absent files are fine. */
  delete(key: string): Promise<void>;
  /** Keys under a prefix last written before a moment (for clean-up). */
  listOlderThan(prefix: string, before: Date): Promise<string[]>;
}

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export const contentTypeOf = (key: string) => TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/** Keys are relative paths of safe segments: 'companies/12/logo-ab12.webp'. */
export function assertSafeKey(key: string) {
  if (!/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}
