import fc from 'fast-check';
import { CDL_STATUSES } from '@/lib/drivers/codes';
import type { MatchJob, MatchProfile } from '@/lib/drivers/match';
import { ENDORSEMENTS, EXPERIENCE, HOME_TIME, JOB_TYPES, valuesOf } from '@/lib/jobs/codes';

/** Random driver profiles, jobs and distances for the match's property tests. */
const codes = <T extends { value: string }>(list: readonly T[]) => valuesOf(list);
const nullable = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const subset = <T>(values: readonly T[]) => fc.subarray([...values]);

export const profileArb: fc.Arbitrary<MatchProfile> = fc.record({
  cdlStatus: nullable(fc.constantFrom(...codes(CDL_STATUSES))),
  endorsements: subset(codes(ENDORSEMENTS)),
  yearsOfExperience: nullable(fc.integer({ min: 0, max: 60 })),
  experience: nullable(fc.constantFrom(...codes(EXPERIENCE))),
  workExperiences: subset(codes(JOB_TYPES)),
  homeTime: nullable(fc.constantFrom(...codes(HOME_TIME))),
  travelDistance: nullable(fc.integer({ min: 0, max: 3000 })),
});
export const jobArb: fc.Arbitrary<MatchJob> = fc.record({
  jobType: fc.constantFrom(...codes(JOB_TYPES)),
  homeTime: fc.constantFrom(...codes(HOME_TIME)),
  requiredExperience: fc.constantFrom(...codes(EXPERIENCE)),
  endorsements: subset(codes(ENDORSEMENTS)),
});
export const distanceArb = nullable(fc.oneof(fc.double({ min: 0, max: 3000, noNaN: true }), fc.constantFrom(0, 50, 49.999, 50.001, 100)));
