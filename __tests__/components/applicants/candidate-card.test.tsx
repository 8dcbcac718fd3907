import { screen, within } from '@testing-library/react';
import { CandidatesScreen } from '@/components/applicants/candidates-screen';
import { api } from '@/lib/api/client';
import type { Candidate } from '@/lib/applications/candidates';
import { explainMatch, type MatchProfile } from '@/lib/drivers/match';
import { matchDetails } from '@/lib/drivers/match-details';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

const job = { jobType: 'dry_van', homeTime: 'HW', requiredExperience: 'Y1', endorsements: [] } as const;

/** A candidate as GET /jobs/{id}/candidates answers one, from a profile. */
function candidate(id: number, profile: MatchProfile, experienceLabel: string | null): Candidate {
  const explanation = explainMatch(profile, job, 20);
  return {
    id,
    user_id: id,
    experience: experienceLabel,
    string_experience: experienceLabel,
    distance: 20,
    cdl_status: profile.cdlStatus,
    job_matching: explanation.matching,
    work_experiences: 'Dry Van',
    years_of_experience: profile.yearsOfExperience,
    city: 'Dallas',
    factors: explanation.factors,
    details: matchDetails(profile, job, 20),
  } as Candidate;
}

const base: MatchProfile = { cdlStatus: 'A', endorsements: [], yearsOfExperience: null, experience: null, workExperiences: ['dry_van'], homeTime: 'HW', travelDistance: 100 };

beforeEach(() => mockApi.mockReset());

describe('CandidatesScreen: the Experience line of a card', () => {
  it("says the experience the profile gives as a code when it gives no years, never 'No experience' beside a met Experience factor", async () => {
    const coded = candidate(1, { ...base, experience: 'Y2' }, '2+ years');
    expect(coded.factors.find((f) => f.key === 'experience')?.met).toBe(true);
    mockApi.mockResolvedValue({ data: [coded, candidate(2, { ...base, yearsOfExperience: 3 }, null), candidate(3, base, null)], pagination: { offset: 0, limit: 10, total: 3 } } as never);
    renderWithProviders(<CandidatesScreen jobId={7} />);
    const cards = await screen.findAllByTestId('candidate-card');
    const experience = cards.map((card) => within(card).getByText('Experience', { selector: 'p' }).nextElementSibling?.textContent);
    expect(experience).toEqual(['2+ years · Dry Van', '3 years · Dry Van', 'No experience · Dry Van']);
  });
});
