import { screen } from '@testing-library/react';
import { PaymentStep } from '@/components/billing/payment-step';
import { ApiError, api } from '@/lib/api/client';
import { clearJobDraft } from '@/lib/jobs/draft';
import { renderWithProviders } from './helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn() }), usePathname: () => '/company/jobs/new/payment-method' }));

beforeEach(() => {
  mockApi.mockReset();
  clearJobDraft('new');
});

describe('the payment step without a job to pay for', () => {
  it('says so, and shows no progress: the earlier steps are not done', async () => {
    renderWithProviders(<PaymentStep jobIdParam={null} kind="new" />);
    expect(await screen.findByText('There is no job to pay for yet')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Progress' })).toBeNull();
  });

  it('a job it cannot load (another company\'s id) gets its message, without the steps either', async () => {
    mockApi.mockRejectedValue(new ApiError('Job not found.', 404));
    renderWithProviders(<PaymentStep jobIdParam={8} kind="new" />);
    expect(await screen.findByText('Job not found.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Progress' })).toBeNull();
  });
});
