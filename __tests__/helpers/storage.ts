import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DiskStorage, setStorage } from '@/lib/storage';

/** Points storage at a fresh temporary folder for the test file (removed afterwards); answers the folder. */
export function withTempStorage(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tna-${name}-`));
  beforeAll(() => setStorage(new DiskStorage(dir)));
  afterAll(() => {
    setStorage(undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}
