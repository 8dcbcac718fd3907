import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentStep } from '@/components/billing/payment-step';
import { AddonsScreen } from '@/components/jobs/wizard/addons-screen';
import { paymentBackPath } from '@/components/jobs/wizard/flow';
import { api } from '@/lib/api/client';
import { clearJobDraft, writeJobDraft } from '@/lib/jobs/draft';
import type { JobDetail } from '@/lib/jobs/serialize';
import { paymentSummary, renderWithProviders } from './helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
const mockPush = jest.fn();
const mockReplace = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: mockPush, replace: mockReplace }), usePathname: () => '/company/jobs/new/payment-method' }));

beforeEach(() => {
  mockApi.mockReset();
  mockPush.mockReset();
  mockReplace.mockReset();
  clearJobDraft('new');
  clearJobDraft('duplicate');
});

async function clickBack() {
  await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
}

describe("the payment step's Back goes to the add-ons of the job being paid", () => {
  it('"Pay now" from the list, no draft in this session: the saved job\'s add-ons, not a blank new job', async () => {
    mockApi.mockResolvedValue({ data: paymentSummary({ job_id: 42 }) } as never);
    renderWithProviders(<PaymentStep jobIdParam={42} kind="new" />);
    await clickBack();
    expect(mockPush).toHaveBeenCalledTimes(1);
    expect(mockPush).toHaveBeenCalledWith('/company/jobs/42/addons');
    expect(mockPush).not.toHaveBeenCalledWith(expect.stringMatching(/^\/company\/jobs\/new/));
  });

  it('the page reopened in a new session with draft=duplicate in the URL: the same job\'s add-ons', async () => {
    mockApi.mockResolvedValue({ data: paymentSummary({ job_id: 42 }) } as never);
    renderWithProviders(<PaymentStep jobIdParam={42} kind="duplicate" />);
    await clickBack();
    expect(mockPush).toHaveBeenCalledWith('/company/jobs/42/addons');
  });

  it("a draft of another posting in this session is not this job's add-ons", async () => {
    mockApi.mockResolvedValue({ data: paymentSummary({ job_id: 42 }) } as never);
    writeJobDraft('new', { jobId: 7 });
    renderWithProviders(<PaymentStep jobIdParam={42} kind="new" />);
    await clickBack();
    expect(mockPush).toHaveBeenCalledWith('/company/jobs/42/addons');
  });

  it("within the wizard (the draft holds this job): the new flow's add-ons, as before", async () => {
    mockApi.mockResolvedValue({ data: paymentSummary({ job_id: 42 }) } as never);
    writeJobDraft('new', { jobId: 42, jobsPostToken: 'tok-123456789' });
    renderWithProviders(<PaymentStep jobIdParam={42} kind="new" />);
    await clickBack();
    expect(mockPush).toHaveBeenCalledWith('/company/jobs/new/addons');
  });

  it("within the duplicate flow: the copied job's duplicate add-ons, as before", async () => {
    mockApi.mockResolvedValue({ data: paymentSummary({ job_id: 42 }) } as never);
    writeJobDraft('duplicate', { jobId: 42, sourceJobId: 5 });
    renderWithProviders(<PaymentStep jobIdParam={42} kind="duplicate" />);
    await clickBack();
    expect(mockPush).toHaveBeenCalledWith('/company/jobs/5/addons-duplicate');
  });
});

describe('paymentBackPath', () => {
  it('uses the draft only when it holds the job being paid', () => {
    expect(paymentBackPath(42, 'new', null)).toBe('/company/jobs/42/addons');
    expect(paymentBackPath(42, 'new', { jobId: null, sourceJobId: null })).toBe('/company/jobs/42/addons');
    expect(paymentBackPath(42, 'new', { jobId: 7, sourceJobId: null })).toBe('/company/jobs/42/addons');
    expect(paymentBackPath(42, 'new', { jobId: 42, sourceJobId: null })).toBe('/company/jobs/new/addons');
    expect(paymentBackPath(42, 'duplicate', { jobId: 42, sourceJobId: 5 })).toBe('/company/jobs/5/addons-duplicate');
    expect(paymentBackPath(42, 'duplicate', { jobId: 42, sourceJobId: null })).toBe('/company/jobs/42/addons');
    expect(paymentBackPath(42, 'duplicate', { jobId: 7, sourceJobId: 5 })).toBe('/company/jobs/42/addons');
  });
});

describe('where Back lands: the saved job\'s add-ons open from the job itself, without a session draft', () => {
  const unpaid = {
    id: 42,
    title: 'Dry Van Driver',
    payment_status: 'pending',
    auto_renew: false,
    closed_at: null,
    cancelled_at: null,
    expired_at: null,
    addresses: [],
    addons: [{ addon_type: 'boost', subscribed: true, external_url: null }],
  } as unknown as JobDetail;

  it("shows the job's chosen add-ons and does not send the user to a blank step 1", async () => {
    renderWithProviders(<AddonsScreen mode="edit" job={unpaid} />);
    expect(await screen.findByRole('checkbox', { name: /Boost/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Promote/ })).not.toBeChecked();
    expect(mockReplace).not.toHaveBeenCalled();
    expect(mockPush).not.toHaveBeenCalled();
  });
});
