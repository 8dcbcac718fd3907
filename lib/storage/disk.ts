import { createHash, randomBytes, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { assertPartNumber, assertSafeKey, contentTypeOf, PARTS_MISMATCH, StorageInputError, type Body, type ByteRange, type StorageDriver, type UploadedPart } from './driver';

const READ_PIECE = 256 * 1024;
const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** A Body as a Node stream, so large files go to disk piece by piece. */
const readableOf = (body: Body) => (Buffer.isBuffer(body) ? Readable.from([body]) : Readable.fromWeb(body as NodeWebStream<Uint8Array>));

const UPLOAD_ID_RE = /^[a-f0-9]{24}$/;

/** A pipeline step that feeds every piece passing through it to `hash`. */
const hashing = (hash: Hash) =>
  async function* (source: AsyncIterable<Buffer>) {
    for await (const piece of source) {
      hash.update(piece);
      yield piece;
    }
  };
const etagOf = (hash: Hash) => `"${hash.digest('hex')}"`;

/**
 * Writes a file from pieces then renames it into place, so a reader never sees half a file; the
 * temporary file goes on failure.
 */
async function writeAtomically(file: string, write: (tmp: string) => Promise<void>) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await write(tmp);
    await fs.rename(tmp, file);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

/**
 * The local-disk driver: files under one root folder (DATA_DIR/uploads by default). Parts of
 * multipart uploads wait in root/.multipart/<upload id>/ (a dot folder no key can name).
 */
export class DiskStorage implements StorageDriver {
  constructor(private readonly root: string) {}

  private file(key: string) {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  private partsDir(uploadId: string) {
    if (!UPLOAD_ID_RE.test(uploadId)) throw new StorageInputError('Upload not found.');
    return path.join(this.root, '.multipart', uploadId);
  }

  async put(key: string, body: Body) {
    await writeAtomically(this.file(key), (tmp) => pipeline(readableOf(body), createWriteStream(tmp)));
  }

  async get(key: string) {
    try {
      return { data: await fs.readFile(this.file(key)), contentType: contentTypeOf(key) };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async stat(key: string) {
    try {
      const s = await fs.stat(this.file(key));
      return s.isFile() ? { size: s.size, contentType: contentTypeOf(key) } : null;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async stream(key: string, range?: ByteRange) {
    // Open first, so an absent file answers null rather than an erroring stream.
    const handle = await fs.open(this.file(key), 'r').catch((error) => {
      if (missing(error)) return null;
      throw error;
    });
    if (!handle) return null;
    let at = range?.start ?? 0;
    const end = range?.end ?? (await handle.stat()).size - 1;
    // Read a piece only when the consumer asks for one (pull), so a slow player never makes the
    // server buffer the file.
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        const want = Math.min(READ_PIECE, end - at + 1);
        const { bytesRead, buffer } = want > 0 ? await handle.read(Buffer.alloc(want), 0, want, at) : { bytesRead: 0, buffer: null };
        if (!bytesRead || !buffer) {
          await handle.close();
          controller.close();
          return;
        }
        at += bytesRead;
        controller.enqueue(buffer.subarray(0, bytesRead));
      },
      cancel: () => handle.close(),
    });
  }

  async delete(key: string) {
    const file = this.file(key);
    await fs.rm(file, { force: true });
    // Drop folders left empty (an upload's part folder), up to the root.
    for (let dir = path.dirname(file); dir.startsWith(this.root + path.sep); dir = path.dirname(dir)) {
      if (!(await fs.rmdir(dir).then(() => true, () => false))) break;
    }
  }

  async startMultipart(key: string) {
    assertSafeKey(key);
    const uploadId = randomBytes(12).toString('hex');
    await fs.mkdir(this.partsDir(uploadId), { recursive: true });
    return uploadId;
  }

  /**
   * The ETag is a hash of the bytes written, as S3's is: two copies of a part sent at once both land
   * in the same file, and only the hash tells which copy's bytes the file holds, so a caller's
   * record of the other copy (its size included) is refused at completeMultipart.
   */
  async uploadPart(key: string, uploadId: string, partNumber: number, body: Body) {
    assertSafeKey(key);
    assertPartNumber(partNumber);
    const dir = this.partsDir(uploadId);
    if (!(await fs.stat(dir).catch(() => null))) throw new StorageInputError('Upload not found.');
    const hash = createHash('sha256');
    await writeAtomically(path.join(dir, String(partNumber)), (tmp) => pipeline(readableOf(body), hashing(hash), createWriteStream(tmp)));
    return etagOf(hash);
  }

  async completeMultipart(key: string, uploadId: string, parts: UploadedPart[]) {
    const file = this.file(key);
    const dir = this.partsDir(uploadId);
    for (const p of parts) {
      if (!(await fs.stat(path.join(dir, String(p.partNumber))).catch(() => null))) throw new StorageInputError(`Part ${p.partNumber} was not uploaded.`);
    }
    // Each part is streamed onto the end of the new file in turn: memory stays flat whatever the size.
    // Its bytes are hashed on the way and must be the ones the caller's ETag names (S3 refuses an
    // ETag that is not the part's as InvalidPart); otherwise the new file is never put in place.
    await writeAtomically(file, async (tmp) => {
      for (const [i, p] of parts.entries()) {
        const hash = createHash('sha256');
        await pipeline(createReadStream(path.join(dir, String(p.partNumber))), hashing(hash), createWriteStream(tmp, { flags: i ? 'a' : 'w' }));
        if (etagOf(hash) !== p.etag) throw new StorageInputError(PARTS_MISMATCH);
      }
    });
    await fs.rm(dir, { recursive: true, force: true });
  }

  async abortMultipart(_key: string, uploadId: string) {
    if (!UPLOAD_ID_RE.test(uploadId)) return;
    await fs.rm(this.partsDir(uploadId), { recursive: true, force: true });
  }

  /** Disk has no URLs of its own: the app streams the file (lib/storage/serve.ts). */
  async signedReadUrl() {
    return null;
  }

  async listOlderThan(prefix: string, before: Date) {
    assertSafeKey(prefix);
    const entries = await fs.readdir(this.file(prefix), { recursive: true, withFileTypes: true }).catch((error) => {
      if (missing(error)) return [];
      throw error;
    });
    const keys: string[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      const s = await fs.stat(full).catch(() => null);
      if (s && s.mtime < before) keys.push(path.relative(this.root, full).split(path.sep).join('/'));
    }
    return keys;
  }
}
