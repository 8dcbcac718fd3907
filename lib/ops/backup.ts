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
 * the time), never overwritten, and only when `replace` says so. The backup is opened in a folder
 * of its own first and put in place only once it opens: a damaged or wrong file used to fail after
 * the database had been moved aside, and the next server start found an empty folder and began a
 * new, empty database, the data out of sight in `<dir>.before-restore-…`. Now `dir` is left as it was.
 */
export async function restorePglite(file: string, folder: string, options: { replace?: boolean } = {}) {
  if (!fs.existsSync(file)) throw new Error(`There is no backup file ${file}.`);
  // Resolved: with a trailing slash ('/data/pglite/') the staging folder beside it would be made inside it.
  const dir = path.resolve(folder);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const staging = `${dir}.restoring-${stamp}`;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  // The folder's lock for the whole restore: no server opens it while it is swapped.
  const release = acquireLock(dir);
  let keptAside: string | undefined;
  try {
    // Looked at under the lock: a server starting meanwhile would otherwise make a database here unseen.
    const holdsDatabase = fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
    if (holdsDatabase && !options.replace) throw new Error(`${dir} already holds a database: pass --replace to keep it aside and restore over it.`);
    fs.mkdirSync(staging, { recursive: true });
    try {
      const client = await createPglite(staging, new Blob([fs.readFileSync(file)]));
      try {
        await client.query('select 1');
      } finally {
        await client.close();
      }
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw new Error(`${file} could not be restored (${error instanceof Error ? error.message : String(error)}); ${dir} was left as it was.`);
    }
    keptAside = holdsDatabase ? `${dir}.before-restore-${stamp}` : undefined;
    swapIn(staging, dir, keptAside, file);
  } finally {
    release();
  }
  return { dir, keptAside };
}

/**
 * Puts the opened backup (`staging`) in place of `dir`, the database there kept as `keptAside`. A
 * rename that fails (a folder in use, permissions) puts the database back where it was and removes
 * the staging copy, so `dir` never ends up empty with the data out of sight.
 */
function swapIn(staging: string, dir: string, keptAside: string | undefined, file: string) {
  let moved = false;
  try {
    if (keptAside) {
      fs.renameSync(dir, keptAside);
      moved = true;
    } else {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    fs.renameSync(staging, dir);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    let back = !moved;
    if (moved) {
      try {
        fs.renameSync(keptAside!, dir);
        back = true;
      } catch {
        /* said below */
      }
    }
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(
      back
        ? `${file} could not be put in place (${why}); ${dir} was left as it was.`
        : `${file} could not be put in place (${why}); the database that was in ${dir} is in ${keptAside}: rename it back.`,
    );
  }
}
