import path from 'node:path';
import { config } from '@/lib/config';
import { storageChoice } from './config';
import { DiskStorage } from './disk';
import type { StorageDriver } from './driver';
import { S3Storage } from './s3';

export { DiskStorage } from './disk';
export { S3Storage } from './s3';
export * from './driver';

let driver: StorageDriver | undefined;
let signed: { seconds: number } | null | undefined;

/** The configured driver: disk under DATA_DIR/uploads, or S3 when the environment says so. */
export function storage(): StorageDriver {
  if (driver) return driver;
  const choice = storageChoice();
  driver = choice.driver === 's3' ? new S3Storage(choice.options) : new DiskStorage(path.join(config.dataDir, 'uploads'));
  signed = choice.driver === 's3' && choice.signedUrls ? { seconds: choice.signedUrlSeconds } : null;
  return driver;
}

/**
 * How long a signed read URL lives when files are to be fetched from the bucket directly
 * (S3_SIGNED_URLS), or null when the app streams them itself.
 */
export function signedReadSeconds(): number | null {
  storage();
  return signed?.seconds ?? null;
}

/** Tests point storage at a temporary folder or a test S3 server (`signedSeconds` turns signed reads on). */
export function setStorage(next: StorageDriver | undefined, signedSeconds: number | null = null) {
  driver = next;
  signed = next ? (signedSeconds ? { seconds: signedSeconds } : null) : undefined;
}
