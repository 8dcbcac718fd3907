import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
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
      <ApplicantsTable rows={[applicant()]} sorting={[]} onSortingChange={() => {}} job={{ id: 7, title: 'Dry Van Driver' }} onOpen={setOpen} />
      <ApplicantPanel jobId={7} applicantId={open} onClose={() => setOpen(null)} />
    </>
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
