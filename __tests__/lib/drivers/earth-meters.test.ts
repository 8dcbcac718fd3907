/**
 * earthMetersSql writes earth_distance's formula out (lib/drivers/distance.ts) so that lists
 * measuring thousands of distances do not call the extension's SQL functions per row. Every
 * distance a filter, an order or a card reads must stay the very double earth_distance gives.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/db/client';
import { earthMetersSql, earthOf } from '@/lib/drivers/distance';

// Coordinates to a millionth of a degree (about 10 cm), as geocoders give them.
const micro = (max: number) => fc.integer({ min: -max * 1e6, max: max * 1e6 }).map((v) => v / 1e6);
const point = fc.record({ lat: micro(89.9), lng: micro(180) });

describe('earthMetersSql', () => {
  it('is earth_distance to the nearest point, to the last bit, anywhere on earth (antipodes included)', async () => {
    const db = await getDb();
    await fc.assert(
      fc.asyncProperty(point, fc.array(point, { minLength: 1, maxLength: 4 }), async (from, to) => {
        const targets = to.map(earthOf);
        const [row] = await queryRows<{ ours: number; theirs: number }>(
          db,
          sql`select ${earthMetersSql(earthOf(from), targets)} as ours,
            least(${sql.join(targets.map((t) => sql`earth_distance(${earthOf(from)}, ${t})`), sql`, `)}) as theirs`,
        );
        expect(Number(row.ours)).toBe(Number(row.theirs));
      }),
      { numRuns: 300, examples: [[{ lat: 0, lng: 0 }, [{ lat: 0, lng: 180 }]], [{ lat: 45, lng: -100 }, [{ lat: 45, lng: -100 }]]] },
    );
  });

  it('is null where earth_distance is null: a point missing a coordinate is no distance, not half the earth', async () => {
    const db = await getDb();
    const halfLocated = sql`ll_to_earth(40, null::float8)`;
    const [row] = await queryRows<{ ours: number | null; theirs: number | null }>(
      db,
      sql`select ${earthMetersSql(halfLocated, [earthOf({ lat: 41, lng: -90 })])} as ours, earth_distance(${halfLocated}, ${earthOf({ lat: 41, lng: -90 })}) as theirs`,
    );
    expect(row.theirs).toBeNull();
    expect(row.ours).toBeNull();
  });

  it('refuses to measure to no point at all', () => {
    expect(() => earthMetersSql(earthOf({ lat: 0, lng: 0 }), [])).toThrow(/no point/);
  });
});
