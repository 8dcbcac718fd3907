import fc from 'fast-check';
import { explainMatch, type MatchJob, type MatchProfile } from '@/lib/drivers/match';
import { matchDetails } from '@/lib/drivers/match-details';
import { distanceArb, jobArb, profileArb } from '../../helpers/match-arbitraries';

const profile: MatchProfile = {
  cdlStatus: 'B',
  endorsements: ['H'],
  yearsOfExperience: 1,
  experience: null,
  workExperiences: ['dry_van'],
  homeTime: 'HD',
  travelDistance: null,
};
const job: MatchJob = { jobType: 'flat_bed', homeTime: 'HW', requiredExperience: 'Y2', endorsements: ['H', 'N'] };

describe('matchDetails: why each factor is met or not', () => {
  it('says what the job asks and what the profile says, for every unmet factor', () => {
    expect(matchDetails(profile, job, 132.4)).toEqual({
      cdl: 'Job needs Class A; profile: Class B',
      endorsements: 'Job needs Hazmat, Tanker; profile lacks Tanker',
      experience: 'Job needs 2+ years; profile: 1 year',
      distance: '132 mi from home; travels up to 50 mi (assumed: not given)',
      home_time: 'Job: Home weekly; profile wants: Home daily',
      job_type: "Flat bed is not in the profile's work experience",
    });
  });

  it("does not say a driver with the tanker/hazmat combo (X) lacks Hazmat or Tanker", () => {
    expect(matchDetails({ ...profile, endorsements: ['X'] }, job, 20).endorsements).toBe('Job needs Hazmat, Tanker; profile has them');
    expect(matchDetails({ ...profile, endorsements: ['H'] }, { ...job, endorsements: ['X'] }, 20).endorsements).toBe('Job needs Tanker/hazmat combo; profile lacks Tanker/hazmat combo');
  });

  it('words met factors and missing answers plainly', () => {
    const full: MatchProfile = { ...profile, cdlStatus: 'A', endorsements: ['H', 'N'], experience: 'Y2', workExperiences: ['flat_bed'], homeTime: 'HW', travelDistance: 200 };
    expect(matchDetails(full, job, 0.4).distance).toBe('Less than 10 mi from home; travels up to 200 mi');
    expect(matchDetails(full, job, 20)).toMatchObject({
      cdl: 'Job needs Class A; profile: Class A',
      endorsements: 'Job needs Hazmat, Tanker; profile has them',
      experience: 'Job needs 2+ years; profile: 2+ years, 1 year',
      distance: '20 mi from home; travels up to 200 mi',
      job_type: "Flat bed is in the profile's work experience",
    });
    // Met through the years while the code alone falls short: both are shown, so the tick does not read as a mistake.
    expect(matchDetails({ ...profile, experience: 'M6', yearsOfExperience: 3 }, { ...job, requiredExperience: 'Y1' }, 20).experience).toBe('Job needs 1-2 years; profile: 1-6 months, 3 years');
    expect(explainMatch({ ...profile, experience: 'M6', yearsOfExperience: 3 }, { ...job, requiredExperience: 'Y1' }, 20).factors.find((f) => f.key === 'experience')?.met).toBe(true);
    const empty: MatchProfile = { cdlStatus: null, endorsements: [], yearsOfExperience: null, experience: null, workExperiences: [], homeTime: null, travelDistance: null };
    expect(matchDetails(empty, { ...job, endorsements: [], requiredExperience: 'CS' }, null)).toMatchObject({
      cdl: 'Job needs Class A; profile: not given',
      endorsements: 'Job needs none',
      experience: 'Job takes any experience',
      distance: 'Distance not available (no home address, or the job has no location)',
      home_time: 'Job: Home weekly; profile wants: not given',
    });
  });

  it('words the distance on the side of the travel distance the factor is on', () => {
    const near: MatchProfile = { ...profile, travelDistance: 50 };
    const distanceMet = (miles: number) => explainMatch(near, job, miles).factors.find((f) => f.key === 'distance')?.met;
    // 50.4 miles is past a 50-mile travel distance: rounded to 50 it read as within it.
    expect(distanceMet(50.4)).toBe(false);
    expect(matchDetails(near, job, 50.4).distance).toBe('51 mi from home; travels up to 50 mi');
    expect(distanceMet(49.6)).toBe(true);
    expect(matchDetails(near, job, 49.6).distance).toBe('50 mi from home; travels up to 50 mi');
    expect(matchDetails(near, job, 132.4).distance).toBe('132 mi from home; travels up to 50 mi');
    // Under a travel distance of less than 10 miles, 'Less than 10' would not say which side: the figure does.
    expect(matchDetails({ ...profile, travelDistance: 5 }, job, 5.3).distance).toBe('6 mi from home; travels up to 5 mi');
    expect(matchDetails({ ...profile, travelDistance: 5 }, job, 4.6).distance).toBe('5 mi from home; travels up to 5 mi');
  });

  it('never contradicts the explanation: "lacks", "not in" and the distance words read the way each factor went', () => {
    fc.assert(
      fc.property(profileArb, jobArb, distanceArb, (p, j, d) => {
        const met = Object.fromEntries(explainMatch(p, j, d).factors.map((f) => [f.key, f.met]));
        const details = matchDetails(p, j, d);
        expect(details.endorsements.includes('lacks')).toBe(!met.endorsements);
        expect(details.job_type.includes(' not in ')).toBe(!met.job_type);
        // "N mi from home; travels up to T mi" reads as met exactly when N <= T; "Less than 10" only where that holds whatever the figure.
        const words = /^(Less than 10|\d+) mi from home; travels up to (\d+) mi/.exec(details.distance);
        if (words) expect(words[1] === 'Less than 10' ? Number(words[2]) >= 10 : Number(words[1]) <= Number(words[2])).toBe(met.distance);
        else expect(d).toBeNull();
        expect(Object.values(details).every((text) => text.length > 0 && !text.includes('undefined'))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
