import { screen, within } from '@testing-library/react';
import { JobDetailView } from '@/components/jobs/detail/job-detail';
import { api } from '@/lib/api/client';
import { jobDetail as detail, renderWithProviders } from './helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }), usePathname: () => '/company/jobs/7' }));


/** The Overview card's facts, label → value. */
function overview() {
  const card = screen.getByRole('heading', { name: 'Overview' }).closest('section')!;
  const facts = new Map<string, string>();
  for (const dt of within(card).getAllByRole('term')) facts.set(dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '');
  return facts;
}

beforeEach(() => {
  mockApi.mockReset();
  // The detail's refetch and the activity chart stay pending: the first paint is under test.
  mockApi.mockImplementation(() => new Promise(() => {}));
});

describe('job detail bonuses', () => {
  it('lists no bonus left empty ("Leave empty for none"): no "$0.00"', () => {
    renderWithProviders(<JobDetailView initial={detail({ signon_bonus: null, starting_bonus: null } as never)} />);
    const facts = overview();
    expect(facts.has('Expected pay')).toBe(true);
    expect(facts.has('Sign-on bonus')).toBe(false);
    expect(facts.has('Starting bonus')).toBe(false);
    expect(screen.queryByText(/Sign-on bonus|Starting bonus/)).not.toBeInTheDocument();
    expect(screen.queryByText('$0.00')).not.toBeInTheDocument();
  });

  it('lists no bonus of 0', () => {
    renderWithProviders(<JobDetailView initial={detail({ signon_bonus: 0, starting_bonus: 0 } as never)} />);
    const facts = overview();
    expect(facts.has('Sign-on bonus')).toBe(false);
    expect(facts.has('Starting bonus')).toBe(false);
  });

  it('lists a bonus that is set, and only that one', () => {
    renderWithProviders(<JobDetailView initial={detail({ signon_bonus: 2500, starting_bonus: 0 } as never)} />);
    const facts = overview();
    expect(facts.get('Sign-on bonus')).toBe('$2,500.00');
    expect(facts.has('Starting bonus')).toBe(false);
  });

  it('lists both when both are set', () => {
    renderWithProviders(<JobDetailView initial={detail({ signon_bonus: 1000, starting_bonus: 250.5 } as never)} />);
    const facts = overview();
    expect(facts.get('Sign-on bonus')).toBe('$1,000.00');
    expect(facts.get('Starting bonus')).toBe('$250.50');
  });
});
