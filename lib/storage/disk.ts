import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { assertSafeKey, contentTypeOf, type Body, type ByteRange, type StorageDriver } from './driver';

const READ_PIECE = 256 * 1024;
const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** A Body as a Node stream, so large files go to disk piece by piece. */
const readableOf = (body: Body) => (Buffer.isBuffer(body) ? Readable.from([body]) : Readable.fromWeb(body as NodeWebStream<Uint8Array>));

/** The local-disk driver: files under one root folder (DATA_DIR/uploads by default). */
export class DiskStorage implements StorageDriver {
  constructor(private readonly root: string) {}

  private file(key: string) {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Body) {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    try {
      await pipeline(readableOf(body), createWriteStream(tmp));
      await fs.rename(tmp, file);
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
  }

  async append(key: string, body: Body) {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await pipeline(readableOf(body), createWriteStream(file, { flags: 'a' }));
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
