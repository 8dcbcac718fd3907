import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JobList } from '@/components/jobs/list/job-list';
import type { JobListParams } from '@/components/jobs/list/params';
import { api } from '@/lib/api/client';
import type { JobSummary } from '@/lib/jobs/hooks';
import { renderWithProviders } from './helpers';

jest.mock('@/lib/api/client', () => ({
  ...jest.requireActual('@/lib/api/client'),
  api: jest.fn(),
}));
const mockApi = api as jest.MockedFunction<typeof api>;

function job(over: Partial<JobSummary> = {}): JobSummary {
  return {
    id: 1,
    company_id: 1,
    employer_id: 5,
    title: 'Dry Van Driver',
    job_type: 'dry_van',
    total_applicants: 0,
    total_applicants_is_lower_bound: false,
    today_applicants: 0,
    status: 'active',
    suspended: false,
    approved: true,
    active: true,
    payment_status: 'paid',
    posting_date: '2026-11-10T15:00:00.000Z',
    expiration_date: '2026-12-10T15:00:00.000Z',
    next_billing_date: '2026-12-10T15:00:00.000Z',
    renewable: true,
    auto_renew: true,
    boost_active: true,
    boost_ends_at: '2026-11-14T15:00:00.000Z',
    boost_remaining_days: 3,
    renewal_canceled_at: null,
    renewal_cancellation_reason: null,
    closed_at: null,
    cancelled_at: null,
    expired_at: null,
    city: 'Dallas',
    state: 'TX',
    address_count: 2,
    cost: 500,
    tags: [],
    total_candidates: 0,
    created_at: '2026-11-10T15:00:00.000Z',
    ...over,
  };
}

const PARAMS: JobListParams = { companyId: 1, page: 1, query: '', status: '', sort: 'posting_date:desc' };

function setup(jobs: JobSummary[], total = jobs.length) {
  return renderWithProviders(<JobList initialParams={PARAMS} initialData={{ data: jobs, pagination: { offset: 0, limit: 10, total } }} />);
}

beforeEach(() => mockApi.mockReset());

describe('JobList', () => {
  it('shows the summary fields of a job', () => {
    setup([job({ next_billing_date: null })]);
    const card = screen.getAllByTestId('job-row')[0];
    expect(within(card).getByRole('link', { name: 'Dry Van Driver' })).toHaveAttribute('href', '/company/jobs/1/detail');
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('Dallas, TX +1 more')).toBeInTheDocument();
    expect(within(card).getByText('11/10/2026')).toBeInTheDocument();
    expect(within(card).getByText('12/10/2026')).toBeInTheDocument();
    expect(within(card).getByText('Boosted · 3 days left')).toBeInTheDocument();
    expect(within(card).getByTestId('job-cost')).toHaveTextContent('$500.00');
    expect(within(card).getByTestId('auto-renew')).toHaveTextContent('On');
    // An empty next billing date shows a dash.
    expect(within(card).getByText('Next billing').nextSibling).toHaveTextContent('-');
  });

  it('renders each job once, whatever the width (one list that adapts, not a table and cards)', () => {
    setup([job({ id: 1 }), job({ id: 2, title: 'Reefer Driver' })]);
    expect(screen.getAllByTestId('job-row')).toHaveLength(2);
    expect(screen.getAllByTestId('job-title').map((a) => a.textContent)).toEqual(['Dry Van Driver', 'Reefer Driver']);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('offers Create New Job when the company has no jobs', () => {
    setup([]);
    expect(screen.getByText('No jobs posted yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Job' })).toHaveAttribute('href', '/company/jobs/new');
  });

  it('searches by title 300 ms after typing stops, from page 1', async () => {
    mockApi.mockResolvedValue({ data: [job({ id: 2, title: 'Tanker Driver' })], pagination: { offset: 0, limit: 10, total: 1 } });
    setup([job()]);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by job' }), 'Tanker');
    await waitFor(() => expect(mockApi).toHaveBeenCalled());
    expect(mockApi).toHaveBeenCalledTimes(1);
    const [path, options] = mockApi.mock.calls[0];
    expect(path).toBe('/jobs/search');
    expect(options?.body).toMatchObject({ query: 'Tanker', offset: 0, limit: 10, company_id: 1 });
    expect(await screen.findAllByText('Tanker Driver')).not.toHaveLength(0);
  });

  it('keeps the search in the address, but not over a link clicked before the debounce ran (it would cancel that navigation)', async () => {
    mockApi.mockResolvedValue({ data: [job()], pagination: { offset: 0, limit: 10, total: 1 } });
    const replace = jest.spyOn(window.history, 'replaceState');
    try {
      setup([job()]);
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search by job' }), 'Dry');
      await waitFor(() => expect(replace).toHaveBeenCalledWith(null, '', expect.stringContaining('q=Dry')));
      replace.mockClear();
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search by job' }), ' Van');
      const title = screen.getAllByRole('link', { name: 'Dry Van Driver' })[0];
      title.addEventListener('click', (e) => e.preventDefault()); // jsdom cannot navigate
      await userEvent.click(title);
      await waitFor(() => expect(mockApi).toHaveBeenCalledWith('/jobs/search', expect.objectContaining({ body: expect.objectContaining({ query: 'Dry Van' }) })));
      expect(replace).not.toHaveBeenCalled();
    } finally {
      replace.mockRestore();
    }
  });

  it('pages by 10', async () => {
    mockApi.mockResolvedValue({ data: [job({ id: 11, title: 'Eleventh job' })], pagination: { offset: 10, limit: 10, total: 11 } });
    setup([job()], 11);
    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 1–1 of 11');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(mockApi).toHaveBeenCalled());
    expect(mockApi.mock.calls[0][1]?.body).toMatchObject({ offset: 10, limit: 10 });
  });

  it('shows auto-renew off at once when the renewal is cancelled (before the server answers)', async () => {
    let answer: (v: unknown) => void = () => {};
    mockApi.mockImplementation((path) => {
      if (String(path).endsWith('/cancel-renewal')) return new Promise((r) => (answer = r)) as never;
      return new Promise(() => {}) as never;
    });
    setup([job()]);
    const card = screen.getAllByTestId('job-row')[0];
    expect(within(card).getByTestId('auto-renew')).toHaveTextContent('On');

    await userEvent.click(within(card).getByRole('button', { name: 'Actions for Dry Van Driver' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Cancel renewal' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'No longer want the service' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel renewal' }));

    await waitFor(() => expect(within(screen.getAllByTestId('job-row')[0]).getByTestId('auto-renew')).toHaveTextContent('Off'));
    expect(mockApi).toHaveBeenCalledWith('/jobs/1/cancel-renewal', { method: 'PATCH', body: { renewalCancelationReason: 'No longer want the service' } });
    await act(async () => answer({ data: { ...job(), auto_renew: false } }));
  });

  it('asks before closing a job', async () => {
    const closed = job({ closed_at: '2026-11-12T00:00:00.000Z', active: false, status: 'canceled', auto_renew: false });
    mockApi.mockImplementation(async (path) =>
      String(path).endsWith('/close') ? ({ data: closed } as never) : ({ data: [closed], pagination: { offset: 0, limit: 10, total: 1 } } as never),
    );
    setup([job()]);
    const card = screen.getAllByTestId('job-row')[0];
    await userEvent.click(within(card).getByRole('button', { name: 'Actions for Dry Van Driver' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Close job' }));
    expect(await screen.findByRole('dialog', { name: 'Close this job?' })).toBeInTheDocument();
    expect(mockApi).not.toHaveBeenCalledWith('/jobs/1/close', expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Close job' }));
    await waitFor(() => expect(mockApi).toHaveBeenCalledWith('/jobs/1/close', { method: 'POST' }));
    expect(await screen.findByText('The job was closed')).toBeInTheDocument();
    expect(await within(screen.getAllByTestId('job-row')[0]).findByText('Closed 11/11/2026')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list cannot load', async () => {
    mockApi.mockRejectedValue(new Error('There was a problem with communication'));
    renderWithProviders(<JobList initialParams={PARAMS} />);
    expect(await screen.findByText(/We could not load your jobs/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
