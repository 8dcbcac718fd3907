import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApplicantPanel } from '@/components/applicants/applicant-panel';
import { ApplicantsTable } from '@/components/applicants/applicants-table';
import { api } from '@/lib/api/client';
import { renderWithProviders } from '../jobs/helpers';
import { applicant, applicantDetail } from './fixtures';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

/** The table and the panel, as the applicants screen puts them together. */
function Screen() {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ApplicantsTable rows={[applicant()]} sorting={[]} onSortingChange={() => {}} job={{ id: 7, title: 'Dry Van Driver', companyId: 42 }} onOpen={setOpen} />
      <ApplicantPanel jobId={7} companyId={42} applicantId={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** The same inside the page's <main>, with the table redrawn at will (another page or filter): the opener goes. */
function RedrawnScreen() {
  const [open, setOpen] = useState<number | null>(null);
  const [generation, setGeneration] = useState(0);
  return (
    <main id="main" tabIndex={-1}>
      <button type="button" hidden onClick={() => setGeneration((g) => g + 1)}>
        Redraw
      </button>
      <ApplicantsTable key={generation} rows={[applicant()]} sorting={[]} onSortingChange={() => {}} job={{ id: 7, title: 'Dry Van Driver', companyId: 42 }} onOpen={setOpen} />
      <ApplicantPanel jobId={7} companyId={42} applicantId={open} onClose={() => setOpen(null)} />
    </main>
  );
}

beforeEach(() => {
  mockApi.mockReset();
  mockApi.mockResolvedValue({ data: applicantDetail() } as never);
});

describe('ApplicantPanel', () => {
  it.each([
    ['the match button', '90% match: why, for Dan Driver'],
    ['the name', 'Dan Driver'],
  ])('closed with Escape, gives the focus back to what opened it (%s)', async (_, opener) => {
    renderWithProviders(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: opener }));
    const dialog = await screen.findByRole('dialog');
    await screen.findByLabelText('New note');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: opener })).toHaveFocus();
  });

  it("with the table redrawn meanwhile, gives the focus to the applicant's name, not to the page (a dialog's fallback to <main> took it)", async () => {
    renderWithProviders(<RedrawnScreen />);
    await userEvent.click(screen.getByRole('button', { name: 'Dan Driver' }));
    await screen.findByLabelText('New note');
    // A click event without moving the focus (as the table's own refetch would redraw it).
    act(() => {
      fireEvent.click(screen.getByText('Redraw'));
    });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Dan Driver' })).toHaveFocus();
  });

  it('the stage picker and the notes field show the buttons\' 2 px focus ring, not a 1 px border colour', async () => {
    renderWithProviders(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: 'Dan Driver' }));
    const dialog = await screen.findByRole('dialog');
    const fields = [await screen.findByLabelText('New note'), ...(await screen.findAllByLabelText('Stage of Dan Driver')).filter((f) => dialog.contains(f))];
    expect(fields).toHaveLength(2);
    for (const f of fields) {
      expect(f).toHaveClass('focus-visible:outline-2', 'focus-visible:outline-brand-500');
      expect(f).not.toHaveClass('focus:outline-none');
    }
  });
});
