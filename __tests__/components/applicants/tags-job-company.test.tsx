import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TagChips } from '@/components/applicants/tag-chips';
import { useCompanyTags } from '@/lib/applications/hooks';
import { api } from '@/lib/api/client';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

/**
 * Job 7 belongs to company 42: staff (no company of their own, or another one) tag in company 42.
 * The server page hands the screen the job's company; nothing fetches the job again to learn it
 * (a call to /jobs/7 fails these tests).
 */
const JOB_COMPANY = 42;

beforeEach(() => {
  mockApi.mockReset();
  mockApi.mockImplementation(async (path: string) => {
    if (path.startsWith('/companies/tags')) return { data: [{ id: 5, tag: 'Call back' }] } as never;
    if (path === '/companies/tag') return { data: { id: 9, tag: 'Night shift' } } as never;
    if (path === '/jobs/applicants/tag') return { data: { tags: [{ id: 9, tag: 'Night shift' }] } } as never;
    throw new Error(`unexpected call ${path}`);
  });
});

const calls = (prefix: string) => mockApi.mock.calls.filter(([path]) => path.startsWith(prefix));

describe("tags on the applicants screen work on the job's company", () => {
  it('"+ Tag" → "Add" creates the tag in the job\'s company, then tags the applicant with it', async () => {
    renderWithProviders(<TagChips jobId={7} companyId={JOB_COMPANY} applicantId={11} name="Dan Driver" tags={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add a tag to Dan Driver' }));
    await userEvent.type(screen.getByLabelText('New tag for Dan Driver'), 'Night shift');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls('/jobs/applicants/tag')).toHaveLength(1));
    expect(calls('/companies/tag')).toEqual([['/companies/tag', { method: 'POST', body: { tag: 'Night shift', company_id: JOB_COMPANY } }]]);
    expect(calls('/jobs/applicants/tag')[0][1]).toEqual({ method: 'POST', body: { jobId: 7, applicantId: 11, tagId: 9 } });
    expect(screen.queryByText('Choose a company.')).not.toBeInTheDocument();
    expect(mockApi.mock.calls.map(([path]) => path)).toEqual(['/companies/tag', '/jobs/applicants/tag']);
  });

  it("lists the suggestions of the job's company in one request", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useCompanyTags(JOB_COMPANY), { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
    await waitFor(() => expect(result.current.data).toEqual([{ id: 5, tag: 'Call back' }]));
    expect(mockApi.mock.calls.map(([path]) => path)).toEqual([`/companies/tags?company_id=${JOB_COMPANY}`]);
  });
});
