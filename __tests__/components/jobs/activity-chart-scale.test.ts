import fc from 'fast-check';
import { COUNT_STEPS, countRange } from '@/components/jobs/detail/activity-chart';

describe('the activity chart count axis', () => {
  it('starts at 0 and shows at least 0..4 for a job with no or little activity', () => {
    expect(countRange(0)).toEqual([0, 4]);
    expect(countRange(null)).toEqual([0, 4]);
    expect(countRange(1)).toEqual([0, 4]);
    expect(countRange(7)).toEqual([0, 8]);
    expect(countRange(23)).toEqual([0, 25]);
    expect(countRange(1234)).toEqual([0, 1250]);
  });

  it('always ends on a whole number at or above the day with most activity, on whole-number steps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400_000 }), (max) => {
        const [low, high] = countRange(max);
        expect(low).toBe(0);
        expect(Number.isInteger(high)).toBe(true);
        expect(high).toBeGreaterThanOrEqual(max);
        // Not more than about twice what is needed, so the line does not sit at the bottom.
        expect(high).toBeLessThanOrEqual(Math.max(4, 2.5 * max));
        expect(COUNT_STEPS.every(Number.isInteger)).toBe(true);
      }),
    );
  });
});
