/**
 * npm run db:backup [-- file]             the embedded database to a .tar.gz (default .data/backups/)
 * npm run db:restore -- file [--replace]  a backup into PGLITE_DIR (the current one kept aside)
 * Stop the server first: the embedded database is one process's. PostgreSQL: use pg_dump (README).
 */
import path from 'node:path';
import { config } from '@/lib/config';
import { backupPglite, restorePglite } from '@/lib/ops/backup';

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL points at PostgreSQL: back it up with pg_dump and restore with pg_restore (see README).');
  }
  const dir = config.pgliteDir || path.join(config.dataDir, 'pglite');
  const args = rest.filter((a) => !a.startsWith('--'));
  if (command === 'backup') {
    const file = args[0] ?? path.join(config.dataDir, 'backups', `pglite-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
    const { bytes } = await backupPglite(dir, file);
    console.log(`Backed up ${dir} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
  } else if (command === 'restore') {
    if (!args[0]) throw new Error('Name the backup file: npm run db:restore -- .data/backups/pglite-….tar.gz');
    const { keptAside } = await restorePglite(args[0], dir, { replace: rest.includes('--replace') });
    console.log(`Restored ${args[0]} into ${dir}.${keptAside ? ` The previous database is kept in ${keptAside}.` : ''}`);
  } else {
    throw new Error('Usage: tsx scripts/db-backup.ts backup [file] | restore file [--replace]');
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
