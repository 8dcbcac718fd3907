import fc from 'fast-check';
import { boostRemainingDays, nextBoostDayChange } from '@/lib/jobs/serialize';

// The job list reuses its summaries until nextBoostDayChange (lib/jobs/search.ts): the days left
// must not change before it, and must change at it.
it('days left hold until the moment nextBoostDayChange names, and step down there', () => {
  const day = 86_400_000;
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: -3 * day, max: 40 * day }), (now, offset) => {
      const end = new Date(now + offset);
      const next = nextBoostDayChange(true, end, new Date(now));
      const days = boostRemainingDays(true, end, new Date(now));
      if (next === Number.POSITIVE_INFINITY) return expect(days).toBe(0);
      expect(next).toBeGreaterThan(now);
      expect(boostRemainingDays(true, end, new Date(next - 1))).toBe(days);
      expect(boostRemainingDays(true, end, new Date(next))).toBe(days - 1);
    }),
    { numRuns: 500 },
  );
  expect(nextBoostDayChange(false, new Date(), new Date())).toBe(Number.POSITIVE_INFINITY);
});
