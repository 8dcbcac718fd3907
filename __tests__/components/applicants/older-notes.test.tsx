import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApplicantPanel } from '@/components/applicants/applicant-panel';
import { api, ApiError } from '@/lib/api/client';
import type { ApplicantNote } from '@/lib/applications/hooks';
import { renderWithProviders } from '../jobs/helpers';
import { applicantDetail } from './fixtures';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

/** Note n of an applicant with `total` notes, newest first (note 1 is the newest). */
const note = (n: number): ApplicantNote => ({ id: 10_000 - n, body: `Note ${n}`, author: 'Emma Recruiter', createdAt: new Date(Date.UTC(2026, 10, 20) - n * 60_000).toISOString() });
const notes = (from: number, count: number) => Array.from({ length: count }, (_, i) => note(from + i + 1));

const TOTAL = 120;
/** The fixture's applicant (their id is the driver's user id, as the search answers it). */
const NOTES = '/jobs/7/applicants/21/notes';

/** The detail answers the newest 50 and notesTotal; the listing answers pages by offset and limit. */
function answer(total = TOTAL, fail?: () => boolean, hold?: Promise<void>) {
  mockApi.mockImplementation(async (path: string) => {
    if (path === '/jobs/7/applicants/21') return { data: { ...applicantDetail(), notes: notes(0, Math.min(total, 50)), notesTotal: total } } as never;
    if (path.startsWith(NOTES)) {
      await hold;
      if (fail?.()) throw new ApiError('Internal server error', 500);
      const q = new URLSearchParams(path.split('?')[1]);
      const offset = Number(q.get('offset'));
      const limit = Number(q.get('limit'));
      return { data: notes(offset, Math.max(0, Math.min(limit, total - offset))), pagination: { offset, limit, total } } as never;
    }
    throw new Error(`unexpected call ${path}`);
  });
}

const shownNotes = () => within(screen.getByTestId('notes')).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent);
const noteCalls = () => mockApi.mock.calls.map(([path]) => path).filter((p) => p.startsWith(NOTES));

beforeEach(() => mockApi.mockReset());

describe('ApplicantPanel: older notes', () => {
  it('shows the newest 50, then older pages from the notes listing, in order, until all are shown', async () => {
    answer();
    renderWithProviders(<ApplicantPanel jobId={7} companyId={42} applicantId={21} onClose={() => {}} />);
    const more = await screen.findByRole('button', { name: 'Show older notes (70 more)' });
    expect(shownNotes()).toEqual(notes(0, 50).map((n) => n.body));
    expect(noteCalls()).toEqual([]);
    // Keyboard: reach it and press Enter.
    more.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Show older notes (20 more)' });
    expect(noteCalls()).toEqual([`${NOTES}?offset=50&limit=50`]);
    expect(shownNotes()).toEqual(notes(0, 100).map((n) => n.body));
    expect(screen.getByRole('button', { name: 'Show older notes (20 more)' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(shownNotes()).toHaveLength(TOTAL));
    expect(noteCalls()).toEqual([`${NOTES}?offset=50&limit=50`, `${NOTES}?offset=100&limit=50`]);
    expect(shownNotes()).toEqual(notes(0, TOTAL).map((n) => n.body));
    expect(screen.queryByRole('button', { name: /Show older notes/ })).not.toBeInTheDocument();
    // The button gone, the focus is on the first note it brought, not lost to the page.
    await waitFor(() => expect(screen.getByText('Note 101').closest('li')).toHaveFocus());
  });

  it('has no button when the detail shows every note', async () => {
    answer(50);
    renderWithProviders(<ApplicantPanel jobId={7} companyId={42} applicantId={21} onClose={() => {}} />);
    await screen.findByText('Note 50');
    expect(screen.queryByRole('button', { name: /Show older notes/ })).not.toBeInTheDocument();
  });

  it('says it is loading, then shows an error and tries again', async () => {
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    let failing = true;
    answer(TOTAL, () => failing, hold);
    renderWithProviders(<ApplicantPanel jobId={7} companyId={42} applicantId={21} onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show older notes (70 more)' }));
    const loading = await screen.findByRole('button', { name: 'Loading older notes…' });
    expect(loading).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('notes')).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Older notes could not be loaded: Internal server error');
    expect(shownNotes()).toHaveLength(50);
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Show older notes (70 more)' }));
    await screen.findByRole('button', { name: 'Show older notes (20 more)' });
    expect(shownNotes()).toEqual(notes(0, 100).map((n) => n.body));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
