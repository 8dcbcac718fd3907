import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddonsPayment } from '@/components/billing/addons-payment';
import { JobDetailView } from '@/components/jobs/detail/job-detail';
import { jobMenuItems, type ActionJob } from '@/components/jobs/job-actions';
import { canRenew, statusNote } from '@/components/jobs/status-badge';
import { api } from '@/lib/api/client';
import type { JobDetail } from '@/lib/jobs/serialize';
import { jobDetail, paymentSummary, renderWithProviders } from './helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, replace: jest.fn(), refresh: jest.fn() }), usePathname: () => '/company/jobs' }));

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

function actionJob(over: Partial<ActionJob> = {}): ActionJob {
  return {
    id: 7,
    title: 'Dry Van Driver',
    auto_renew: false,
    closed_at: null,
    cancelled_at: null,
    expired_at: null,
    expiration_date: inDays(20),
    payment_status: 'paid',
    status: 'active',
    ...over,
  };
}

/** The job detail as GET /jobs/7 answers it, with bonuses of 0 as this test has always had them. */
const detail = (over: Partial<JobDetail> = {}) => jobDetail({ signon_bonus: 0, starting_bonus: 0, ...over } as Partial<JobDetail>);

const labels = (job: ActionJob) => jobMenuItems(job, jest.fn()).flat().map((i) => i.label);

const summary = (over: Record<string, unknown> = {}) =>
  paymentSummary({
    action: 'addons',
    expiration_date: inDays(20),
    paid: true,
    payment_status: 'paid',
    lines: [{ description: 'Promote add-on', kind: 'addon', amount: 100, amount_cents: 10000 }],
    total: 100,
    total_cents: 10000,
    ...over,
  });

beforeEach(() => {
  mockApi.mockReset();
  push.mockReset();
});

describe('which payment actions a job offers', () => {
  it('an unpaid open job offers Pay now (to the payment page with its id), not Renew', () => {
    const items = jobMenuItems(actionJob({ payment_status: 'pending', expiration_date: null }), jest.fn()).flat();
    expect(items.find((i) => i.label === 'Pay now')?.href).toBe('/company/jobs/new/payment-method?job_id=7');
    expect(items.map((i) => i.label)).not.toContain('Renew');
  });

  it('a suspended job says so and offers neither Pay now nor Renew (an administrator must lift it first)', () => {
    const suspended = actionJob({ payment_status: 'pending', expiration_date: null, suspended: true } as never);
    expect(statusNote(suspended)).toBe('Suspended by an administrator');
    expect(labels(suspended)).not.toContain('Pay now');
    const live = actionJob({ expiration_date: inDays(3), suspended: true } as never);
    expect(labels(live)).not.toContain('Renew');
    renderWithProviders(<JobDetailView initial={detail({ payment_status: 'pending', suspended: true } as never)} />);
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(screen.getByText('Suspended by an administrator')).toBeInTheDocument();
  });

  it('an expired paid job offers Renew and Duplicate, no editing', () => {
    const l = labels(actionJob({ expired_at: inDays(-1), expiration_date: inDays(-1) }));
    expect(l).toEqual(expect.arrayContaining(['Renew', 'Duplicate']));
    expect(l).not.toContain('Edit');
    expect(l).not.toContain('Add add-ons');
    expect(l).not.toContain('Pay now');
  });

  it('a live job offers Renew only within a week of its end date, and always Add add-ons', () => {
    expect(labels(actionJob({ expiration_date: inDays(3) }))).toEqual(expect.arrayContaining(['Renew', 'Add add-ons']));
    expect(labels(actionJob({ expiration_date: inDays(20) }))).not.toContain('Renew');
    expect(labels(actionJob({ expiration_date: inDays(20) }))).toContain('Add add-ons');
  });

  it('a closed or cancelled job cannot be renewed', () => {
    expect(canRenew(actionJob({ closed_at: inDays(-1), expiration_date: inDays(2) }))).toBe(false);
    expect(canRenew(actionJob({ cancelled_at: inDays(-1), expired_at: inDays(-1) }))).toBe(false);
    expect(canRenew(actionJob({ payment_status: 'pending', expiration_date: inDays(2) }))).toBe(false);
  });
});

describe('job detail payment actions', () => {
  it('shows Boost (admin) to admins on a live paid job, and boosts without payment', async () => {
    mockApi.mockImplementation(async (path, o) => {
      if (path === '/admin/jobs/7/boost' && o?.method === 'POST') return { data: { job_id: 7, boost_active: true } } as never;
      return { data: detail({ boost_active: true, boost_remaining_days: 7 }) } as never;
    });
    renderWithProviders(<JobDetailView initial={detail()} isAdmin />);
    await userEvent.click(screen.getByRole('button', { name: 'Boost (admin)' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Boost job' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(mockApi).toHaveBeenCalledWith('/admin/jobs/7/boost', { method: 'POST' });
    // The detail is refetched: the job now shows its boost, and the action is gone.
    expect(await screen.findByText(/Boosted · 7 days left/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Boost (admin)' })).not.toBeInTheDocument();
  });

  it('does not offer Boost (admin) to company users, nor on an unpaid job', () => {
    const { unmount } = renderWithProviders(<JobDetailView initial={detail()} />);
    expect(screen.queryByRole('button', { name: 'Boost (admin)' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<JobDetailView initial={detail({ payment_status: 'pending' })} isAdmin />);
    expect(screen.queryByRole('button', { name: 'Boost (admin)' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/company/jobs/new/payment-method?job_id=7');
  });

  it('Renew on an expiring job opens the renewal payment, pays with the saved card and says so', async () => {
    mockApi.mockImplementation(async (path) => {
      if (path.startsWith('/payment/company/invoice/summary')) return { data: summary({ action: 'renewal', lines: [{ description: 'Renewal: Dallas, TX', kind: 'posting', amount: 150, amount_cents: 15000 }], total: 150, total_cents: 15000 }) } as never;
      if (path === '/payment/invoice/renewal') return { data: { message: 'Payment completed successfully', job_updated: true, job_id: 7 } } as never;
      return { data: detail({ expiration_date: inDays(33) }) } as never;
    });
    renderWithProviders(<JobDetailView initial={detail({ expiration_date: inDays(3) })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew job' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Pay $150.00' }));
    expect(await screen.findByText('Payment completed successfully')).toBeInTheDocument();
    // The total shown goes with the charge: the server refuses another amount.
    expect(mockApi).toHaveBeenCalledWith('/payment/invoice/renewal', { method: 'POST', body: { job_id: 7, card_token: undefined, expected_total_cents: 15000 } });
    expect(mockApi).toHaveBeenCalledWith('/payment/company/invoice/summary?job_id=7&action=renewal');
  });

  it('a job far from its end date has no Renew button', () => {
    renderWithProviders(<JobDetailView initial={detail()} />);
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
  });
});

describe('job detail on a phone or a touch screen', () => {
  it('the applicant count is a 40 × 40 px target there (it was 11 × 22), its row as tall as before', () => {
    renderWithProviders(<JobDetailView initial={detail({ total_applicants: 3 })} />);
    const link = screen.getByTestId('applicants-link');
    expect(link).toHaveAttribute('href', '/company/jobs/7/applicants');
    expect(link).toHaveClass('max-sm:min-h-10', 'max-sm:min-w-10', 'pointer-coarse:min-h-10', 'pointer-coarse:min-w-10', 'max-sm:-my-2.5');
    // Desktop keeps its 24 px minimum.
    expect(link).toHaveClass('min-h-6', 'min-w-6');
  });
});

describe('payment page with action=addons', () => {
  it('charges the new add-ons of a live job and goes back to the job', async () => {
    mockApi.mockImplementation(async (path) => {
      if (path.startsWith('/payment/company/invoice/summary')) return { data: summary() } as never;
      return { data: { message: 'Payment completed successfully', job_updated: true, job_id: 7 } } as never;
    });
    renderWithProviders(<AddonsPayment jobId={7} />);
    expect(await screen.findByText('Promote add-on')).toBeInTheDocument();
    expect(mockApi).toHaveBeenCalledWith('/payment/company/invoice/summary?job_id=7&action=addons');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    expect(await screen.findByText('Payment completed successfully')).toBeInTheDocument();
    expect(mockApi).toHaveBeenCalledWith('/payment/employer/job/addons', { method: 'POST', body: { job_id: 7, card_token: undefined, expected_total_cents: 10000 } });
    expect(push).toHaveBeenCalledWith('/company/jobs/7/detail');
  });

  it('reads the order again when it changed since it was shown, so the next click pays what is on the screen', async () => {
    const { ApiError } = jest.requireActual('@/lib/api/client');
    const changed = 'This order now comes to $250.00, not the $100.00 shown: the job was changed meanwhile. Check the order and pay again.';
    let summaries = 0;
    mockApi.mockImplementation(async (path) => {
      if (path.startsWith('/payment/company/invoice/summary')) {
        summaries += 1;
        return { data: summaries === 1 ? summary() : summary({ lines: [...summary().lines, { description: 'Houston, TX 77002', kind: 'job_posting', amount: 150, amount_cents: 15000 }], total: 250, total_cents: 25000 }) } as never;
      }
      throw new ApiError(changed, 409, [{ message: changed, field: 'expected_total_cents' }]);
    });
    renderWithProviders(<AddonsPayment jobId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $100.00' }));
    expect(await screen.findByTestId('payment-error')).toHaveTextContent(changed);
    expect(await screen.findByRole('button', { name: 'Pay $250.00' })).toBeInTheDocument();
    expect(push).not.toHaveBeenCalled();
  });

  it('says why a job cannot be paid before any card is asked for, with no Pay to click', async () => {
    const refused = 'This job is suspended: it cannot be paid for. Contact support.';
    mockApi.mockResolvedValue({ data: summary({ refused }) } as never);
    renderWithProviders(<AddonsPayment jobId={7} />);
    expect(await screen.findByTestId('payment-refused')).toHaveTextContent(refused);
    expect(screen.getByTestId('pay-button')).toBeDisabled();
  });

  it('says so when a payment was approved but the job had ended meanwhile', async () => {
    const note = 'The payment was approved, but the job was closed meanwhile. Contact support for a refund.';
    mockApi.mockImplementation(async (path) => {
      if (path.startsWith('/payment/company/invoice/summary')) return { data: summary() } as never;
      return { data: { message: note, job_updated: false, job_id: 7 } } as never;
    });
    renderWithProviders(<AddonsPayment jobId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $100.00' }));
    expect(await screen.findByText(note)).toBeInTheDocument();
    expect(screen.queryByText('Payment completed successfully')).not.toBeInTheDocument();
  });

  it('says so when every add-on is already paid', async () => {
    mockApi.mockResolvedValue({ data: summary({ lines: [], total: 0 }) } as never);
    renderWithProviders(<AddonsPayment jobId={7} />);
    expect(await screen.findByText('There are no unpaid add-ons on this job.')).toBeInTheDocument();
    expect(screen.queryByTestId('pay-button')).not.toBeInTheDocument();
  });

  it('shows the refusal of a declined card and stays on the page', async () => {
    const { ApiError } = jest.requireActual('@/lib/api/client');
    mockApi.mockImplementation(async (path) => {
      if (path.startsWith('/payment/company/invoice/summary')) return { data: summary() } as never;
      throw new ApiError('Your card was declined.', 402, [{ message: 'Your card was declined.' }]);
    });
    renderWithProviders(<AddonsPayment jobId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $100.00' }));
    await waitFor(() => expect(screen.getByTestId('payment-error')).toHaveTextContent('Your card was declined.'));
    expect(push).not.toHaveBeenCalled();
  });
});
