import fs from 'node:fs';
import path from 'node:path';

/**
 * The migrator applies a migration only when its journal time is later than the newest one the
 * database has applied: a migration journaled with an earlier time than the one before it (a clock
 * set by hand, a branch merged late) is skipped for good on every database that already had the
 * later one. 0018 was, until it was moved after 0017.
 */
describe('drizzle/meta/_journal.json', () => {
  const folder = path.join(__dirname, '..', '..', '..', 'drizzle');
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };

  it('lists every migration once, in order, each journaled later than the one before', () => {
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
      if (i > 0) expect(entry.when).toBeGreaterThan(journal.entries[i - 1].when);
    });
  });

  it('has a SQL file for each entry and no SQL file without one', () => {
    const files = fs.readdirSync(folder).filter((f) => f.endsWith('.sql')).sort();
    expect(files).toEqual(journal.entries.map((e) => `${e.tag}.sql`));
  });
});
