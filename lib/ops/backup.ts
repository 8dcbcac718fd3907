import fs from 'node:fs';
import path from 'node:path';
import { acquireLock, createPglite } from '@/lib/db/client';

/*
 * Backup and restore of the embedded database (npm run db:backup / db:restore). PGlite's own dump
 * is a gzipped tarball of its data folder, so a backup restores byte for byte, extensions and
 * migrations included. The folder's lock makes sure no server has it open meanwhile (a copy taken
 * under a running server could be torn). PostgreSQL has pg_dump for this (README).
 */

export async function backupPglite(dir: string, file: string) {
  if (!fs.existsSync(dir)) throw new Error(`There is no embedded database in ${dir}.`);
  const release = acquireLock(dir);
  try {
    const client = await createPglite(dir);
    try {
      const dump = await client.dumpDataDir('gzip');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      return { file, bytes: dump.size };
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Restores a backup into `dir`. A folder that already holds a database is kept aside (renamed with
 * the time), never overwritten, and only when `replace` says so.
 */
export async function restorePglite(file: string, dir: string, options: { replace?: boolean } = {}) {
  if (!fs.existsSync(file)) throw new Error(`There is no backup file ${file}.`);
  let keptAside: string | undefined;
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    if (!options.replace) throw new Error(`${dir} already holds a database: pass --replace to keep it aside and restore over it.`);
    const release = acquireLock(dir);
    keptAside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    try {
      fs.renameSync(dir, keptAside);
    } finally {
      release();
    }
  }
  fs.mkdirSync(dir, { recursive: true });
  const release = acquireLock(dir);
  try {
    const client = await createPglite(dir, new Blob([fs.readFileSync(file)]));
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
  return { dir, keptAside };
}
