import fc from 'fast-check';
import { pageOfShortScan, type NearAddress } from '@/lib/drivers/nearest-scan';
import { METERS_PER_MILE } from '@/lib/drivers/distance';

/*
 * The short scan's decision (lib/drivers/nearest-scan.ts pageOfShortScan, for the radius search
 * and the best matches): whenever it answers from the addresses nearest home, its jobs are those
 * measuring every address gives: each job's nearest address, nearest first, then newest id first. The index returns addresses tied in
 * distance in any order, so the scans here shuffle ties.
 */

/** The page from every address: the oracle. */
function everyAddress(addresses: NearAddress[], take: number) {
  const nearest = new Map<number, number>();
  for (const a of addresses) nearest.set(a.job_id, Math.min(nearest.get(a.job_id) ?? Infinity, a.meters));
  // As the SQL orders them: by miles, then newest id first.
  return [...nearest]
    .map(([job_id, meters]) => ({ job_id, miles: meters / METERS_PER_MILE }))
    .sort((a, b) => a.miles - b.miles || b.job_id - a.job_id)
    .slice(0, take);
}

// Few distinct distances and jobs: ties at the scan's edge and jobs with several addresses are common.
// Some a hair apart (a few units in the last place), which can be the same miles.
const address = fc.record({
  job_id: fc.integer({ min: 1, max: 25 }),
  meters: fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 3 })).map(([m, ulps]) => m * 1000.5 * (1 + ulps * Number.EPSILON)),
});
const scan = fc.tuple(fc.array(fc.tuple(address, fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 120 }), fc.integer({ min: 1, max: 15 }), fc.integer({ min: 1, max: 5 }));

describe('the short scan of the radius search', () => {
  it('answers only pages that measuring every address gives', () => {
    fc.assert(
      fc.property(scan, ([shuffled, take, perJob]) => {
        // Nearest first, ties in the index's own (here: random) order.
        const all = shuffled.sort(([a, ka], [b, kb]) => a.meters - b.meters || ka - kb).map(([a]) => a);
        const read = take * perJob;
        const page = pageOfShortScan(all.slice(0, read), read, take);
        if (page) expect(page).toEqual(everyAddress(all, take));
      }),
      { numRuns: 3000 },
    );
  });

  it('answers when it read every address in the radius, and when the last job of the page is nearer than the farthest address read', () => {
    const one = (job_id: number, meters: number): NearAddress => ({ job_id, meters });
    // Four addresses where it could read six: all of them.
    expect(pageOfShortScan([one(1, 5), one(2, 5), one(3, 9), one(1, 10)], 6, 2)).toEqual([
      { job_id: 2, miles: 5 / METERS_PER_MILE },
      { job_id: 1, miles: 5 / METERS_PER_MILE },
    ]);
    // Six read of more: the second job (at 7) is nearer than the farthest read (12).
    expect(pageOfShortScan([one(4, 1), one(4, 2), one(5, 7), one(4, 8), one(6, 12), one(7, 12)], 6, 2)?.map((r) => r.job_id)).toEqual([4, 5]);
    // The page's last job at the edge: jobs tied with it may lie beyond what was read.
    expect(pageOfShortScan([one(4, 1), one(5, 12), one(6, 12)], 3, 2)).toBeNull();
    // Fewer jobs than the page among the addresses read, and more addresses beyond.
    expect(pageOfShortScan([one(4, 1), one(4, 2), one(4, 3)], 3, 2)).toBeNull();
    // Two distances a hair apart that are the same miles: the newer id first, as the SQL has them.
    expect(58478.828724442916 / METERS_PER_MILE).toBe(58478.82872444292 / METERS_PER_MILE);
    expect(pageOfShortScan([one(1, 58478.828724442916), one(2, 58478.82872444292), one(3, 90000)], 3, 1)?.map((r) => r.job_id)).toEqual([2]);
  });
});
