import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentStep } from '@/components/billing/payment-step';
import { api } from '@/lib/api/client';
import { clearJobDraft, readJobDraft, writeJobDraft } from '@/lib/jobs/draft';
import { paymentSummary, renderWithProviders } from './helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
const mockPush = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: mockPush, replace: jest.fn() }), usePathname: () => '/company/jobs/new/payment-method' }));

const paidAnswer = { message: 'Payment completed successfully', job_updated: true, already_paid: false, invoice_id: 1, invoice_number: 'INV-2026-000001', status: 'APPROVED', amount: 150, job_id: 42 };

/** The summary of job 42 (invoice-billed: no card form), then the charge's answer. */
function answers() {
  mockApi.mockImplementation(async (path: string) => (path.startsWith('/payment/company/invoice/charge') ? { data: paidAnswer } : { data: paymentSummary({ job_id: 42, billing_type: 'CONTRACT' }) }) as never);
}

beforeEach(() => {
  mockApi.mockReset();
  mockPush.mockReset();
  clearJobDraft('new');
});

describe('paying a job from the payment step forgets only that job\'s draft', () => {
  it('"Pay now" on another job keeps the new job being written in the wizard', async () => {
    answers();
    writeJobDraft('new', { jobId: null, addresses: [{ key: 'a1', address: 'Dallas, TX', city: 'Dallas', stateName: 'TX', zipCode: '75201' }], autoRenew: true });
    renderWithProviders(<PaymentStep jobIdParam={42} kind="new" />);
    await userEvent.click(await screen.findByTestId('pay-button'));
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith('/company/jobs'));
    const draft = readJobDraft('new');
    expect(draft.addresses).toHaveLength(1);
    expect(draft.autoRenew).toBe(true);
  });

  it("paying the draft's own posting clears the draft", async () => {
    answers();
    writeJobDraft('new', { jobId: 42, jobsPostToken: 'tok-123456789', autoRenew: true });
    renderWithProviders(<PaymentStep jobIdParam={42} kind="new" />);
    await userEvent.click(await screen.findByTestId('pay-button'));
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith('/company/jobs'));
    expect(readJobDraft('new').jobId).toBeNull();
  });
});
