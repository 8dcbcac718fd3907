import fs from 'node:fs/promises';
import path from 'node:path';
import { config } from '@/lib/config';

/**
 * Where uploaded files live. The default driver writes under DATA_DIR/uploads; an S3-compatible
 * driver can implement the same three calls (DESIGN.md "files").
 */
export interface StorageDriver {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
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

/** Keys are relative paths of safe segments: 'companies/12/logo-ab12.webp'. */
export function assertSafeKey(key: string) {
  if (!/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

export class DiskStorage implements StorageDriver {
  constructor(private readonly root: string) {}

  private file(key: string) {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer) {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  }

  async get(key: string) {
    try {
      const data = await fs.readFile(this.file(key));
      return { data, contentType: TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string) {
    await fs.rm(this.file(key), { force: true });
  }
}

let driver: StorageDriver | undefined;

export function storage(): StorageDriver {
  driver ??= new DiskStorage(path.join(config.dataDir, 'uploads'));
  return driver;
}

/** Tests point storage at a temporary folder. */
export function setStorage(next: StorageDriver | undefined) {
  driver = next;
}
