import path from 'node:path';
import { config } from '@/lib/config';
import { DiskStorage } from './disk';
import type { StorageDriver } from './driver';

export { DiskStorage } from './disk';
export * from './driver';

let driver: StorageDriver | undefined;

export function storage(): StorageDriver {
  driver ??= new DiskStorage(path.join(config.dataDir, 'uploads'));
  return driver;
}

/** Tests point storage at a temporary folder. */
export function setStorage(next: StorageDriver | undefined) {
  driver = next;
}
