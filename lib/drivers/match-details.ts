import { ENDORSEMENTS, EXPERIENCE, HOME_TIME, JOB_TYPES, labelOf } from '../jobs/codes';
import { CDL_STATUSES } from './codes';
import { DEFAULT_TRAVEL_MILES, explainMatch, heldEndorsements, requiredCdlClass, type MatchFactorKey, type MatchJob, type MatchProfile } from './match';

const NOT_GIVEN = 'not given';
const list = (codes: readonly { value: string; label: string }[], values: readonly string[]) => values.map((v) => labelOf(codes, v)).join(', ');

/**
 * The miles the distance words show, on the same side of the travel distance as the factor, which
 * compares the exact figure: rounded to whole miles, 50.4 miles read '50 mi from home; travels up
 * to 50 mi' beside an unmet factor, so a figure that rounds down onto the travel distance is
 * rounded up instead (travel distances are whole miles, so rounding never crosses it the other
 * way). 'Less than 10' only where it says which side (a travel distance of 10 or more); candidates'
 * stepped miles (lib/applications/candidates.ts) are whole and at least 10, shown as they are.
 */
function shownMiles(miles: number, travel: number, met: boolean): string | number {
  if (miles < 10 && travel >= 10) return 'Less than 10';
  return wholeMilesShown(miles, travel, met);
}

/**
 * The whole miles the words show for a distance (the rule above); the portal's cards and job page
 * print the same figure beside the match (lib/drivers/jobs.ts distanceShown), so the two never differ.
 */
export function wholeMilesShown(miles: number, travel: number, met: boolean): number {
  const whole = Math.round(miles);
  return !met && whole <= travel ? Math.ceil(miles) : whole;
}

/**
 * Why each factor of a match is met or not, in words both sides read the same way: what the job
 * asks, and what the driver's profile says ('Job needs Class A; profile: Class B'). Shown under
 * the factor on the driver's job page and in the employer's applicant panel; made only where it is
 * shown, never per row of a list.
 */
export function matchDetails(p: MatchProfile, job: MatchJob, distanceMiles: number | null): Record<MatchFactorKey, string> {
  const met = Object.fromEntries(explainMatch(p, job, distanceMiles).factors.map((f) => [f.key, f.met])) as Record<MatchFactorKey, boolean>;
  const held = heldEndorsements(p.endorsements);
  const missing = job.endorsements.filter((e) => !held.includes(e));
  const travel = p.travelDistance ?? DEFAULT_TRAVEL_MILES;
  // Both answers when the profile gives both: the match counts the better of the two, so showing
  // only the code ('1-6 months') beside a met factor read as a contradiction when the years met it.
  const years = p.yearsOfExperience != null ? `${p.yearsOfExperience} ${p.yearsOfExperience === 1 ? 'year' : 'years'}` : null;
  const ownExperience = [p.experience ? labelOf(EXPERIENCE, p.experience) : null, years].filter(Boolean).join(', ') || NOT_GIVEN;
  return {
    cdl: `Job needs Class ${requiredCdlClass(job.jobType)}; profile: ${p.cdlStatus ? labelOf(CDL_STATUSES, p.cdlStatus) : NOT_GIVEN}`,
    endorsements: !job.endorsements.length
      ? 'Job needs none'
      : `Job needs ${list(ENDORSEMENTS, job.endorsements)}; ${missing.length ? `profile lacks ${list(ENDORSEMENTS, missing)}` : 'profile has them'}`,
    experience: job.requiredExperience === 'CS' ? 'Job takes any experience' : `Job needs ${labelOf(EXPERIENCE, job.requiredExperience)}; profile: ${ownExperience}`,
    distance:
      distanceMiles == null
        ? 'Distance not available (no home address, or the job has no location)'
        : `${shownMiles(distanceMiles, travel, met.distance)} mi from home; travels up to ${travel} mi${p.travelDistance == null ? ' (assumed: not given)' : ''}`,
    home_time: `Job: ${labelOf(HOME_TIME, job.homeTime)}; profile wants: ${p.homeTime ? labelOf(HOME_TIME, p.homeTime) : NOT_GIVEN}`,
    job_type: `${labelOf(JOB_TYPES, job.jobType)} is ${met.job_type ? '' : 'not '}in the profile's work experience`,
  };
}
