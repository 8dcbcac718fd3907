import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPglite } from '@/lib/db/client';
import { backupPglite, restorePglite } from '@/lib/ops/backup';
import { pgliteSnapshot } from '../../helpers/test-database';

describe('backup and restore of the embedded database', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tna-backup-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('restores what was backed up, keeps a database it would replace aside, and refuses to overwrite silently', async () => {
    const dir = path.join(root, 'pglite');
    // Starts from the run's migrated snapshot where there is one: an initdb was most of this test's time.
    const seed = await createPglite(dir, pgliteSnapshot());
    await seed.exec("create table notes (body text); insert into notes values ('before backup');");
    await seed.close();

    const file = path.join(root, 'backups', 'one.tar.gz');
    await backupPglite(dir, file);
    expect(fs.statSync(file).size).toBeGreaterThan(1000);

    const later = await createPglite(dir);
    await later.exec("insert into notes values ('after backup')");
    await later.close();

    await expect(restorePglite(file, dir)).rejects.toThrow(/--replace/);
    const { keptAside } = await restorePglite(file, dir, { replace: true });
    expect(keptAside && fs.existsSync(keptAside)).toBe(true);

    const restored = await createPglite(dir);
    const { rows } = await restored.query<{ body: string }>('select body from notes order by body');
    await restored.close();
    expect(rows.map((r) => r.body)).toEqual(['before backup']);
  }, 120_000);

  it('leaves the database where it was when the backup cannot be restored (a damaged or wrong file)', async () => {
    const dir = path.join(root, 'kept');
    const seed = await createPglite(dir, pgliteSnapshot());
    await seed.exec("create table notes (body text); insert into notes values ('still here');");
    await seed.close();
    const damaged = path.join(root, 'damaged.tar.gz');
    fs.writeFileSync(damaged, 'this is not a backup');

    await expect(restorePglite(damaged, dir, { replace: true })).rejects.toThrow(`${dir} was left as it was.`);
    // The server started next opens the same folder: it must find the data, not a new empty database.
    expect(fs.readdirSync(root).filter((name) => name.startsWith('kept.'))).toEqual([]);
    const reopened = await createPglite(dir);
    const { rows } = await reopened.query<{ body: string }>('select body from notes');
    await reopened.close();
    expect(rows.map((r) => r.body)).toEqual(['still here']);
  }, 120_000);

  it('puts the database back when the restored one cannot be moved into place, and restores into a folder named with a trailing slash', async () => {
    const dir = path.join(root, 'swap');
    const seed = await createPglite(dir, pgliteSnapshot());
    await seed.exec("create table notes (body text); insert into notes values ('swap before');");
    await seed.close();
    const file = path.join(root, 'swap.tar.gz');
    await backupPglite(dir, file);
    const later = await createPglite(dir);
    await later.exec("insert into notes values ('swap after')");
    await later.close();
    const rows = async () => {
      const db = await createPglite(dir);
      const { rows: found } = await db.query<{ body: string }>('select body from notes order by body');
      await db.close();
      return found.map((r) => r.body);
    };

    // The folder in use when the restored copy is renamed into it (EBUSY, as on a mounted volume).
    const rename = fs.renameSync;
    const spy = jest.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (String(from).includes('.restoring-')) throw Object.assign(new Error('EBUSY: resource busy or locked'), { code: 'EBUSY' });
      return rename(from, to);
    });
    try {
      await expect(restorePglite(file, dir, { replace: true })).rejects.toThrow(`${dir} was left as it was.`);
    } finally {
      spy.mockRestore();
    }
    expect(fs.readdirSync(root).filter((name) => name.startsWith('swap.') && !name.endsWith('.tar.gz'))).toEqual([]);
    expect(await rows()).toEqual(['swap after', 'swap before']);

    // '/…/swap/': the staging copy goes beside the folder, not inside it.
    const { keptAside } = await restorePglite(file, `${dir}/`, { replace: true });
    expect(keptAside?.startsWith(`${dir}.before-restore-`)).toBe(true);
    expect(fs.readdirSync(dir).filter((name) => name.includes('restoring'))).toEqual([]);
    expect(await rows()).toEqual(['swap before']);
  }, 120_000);

  it('will not copy a database a running server holds', async () => {
    const dir = path.join(root, 'busy');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(root, 'busy.lock'), String(process.ppid));
    await expect(backupPglite(dir, path.join(root, 'x.tar.gz'))).rejects.toThrow(/already open in process/);
  });
});
