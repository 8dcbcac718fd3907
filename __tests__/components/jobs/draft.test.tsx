import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DRAFT_STORAGE_KEYS, clearJobDraft, draftTotalCents, useJobDraft, type DraftKind } from '@/lib/jobs/draft';

/** A screen that shows and edits the draft's title, as the wizard does. */
function TitleEditor({ kind }: { kind: DraftKind }) {
  const { draft, update } = useJobDraft(kind);
  if (!draft) return <p>loading</p>;
  return (
    <label>
      Title
      <input value={(draft.content?.title as string) ?? ''} onChange={(e) => update({ content: { ...(draft.content ?? ({} as never)), title: e.target.value } })} />
    </label>
  );
}

beforeEach(() => {
  window.localStorage.clear();
  clearJobDraft('new');
  clearJobDraft('duplicate');
});

describe('the job draft store', () => {
  it('survives an unmount and a remount (the back button)', async () => {
    const first = render(<TitleEditor kind="new" />);
    await userEvent.type(screen.getByLabelText('Title'), 'Night shift driver');
    first.unmount();
    render(<TitleEditor kind="new" />);
    expect(screen.getByLabelText('Title')).toHaveValue('Night shift driver');
  });

  it('is written to localStorage under its own key and read back after a reload', async () => {
    render(<TitleEditor kind="new" />);
    await userEvent.type(screen.getByLabelText('Title'), 'Reload me');
    const stored = JSON.parse(window.localStorage.getItem(DRAFT_STORAGE_KEYS.new)!);
    expect(stored.content.title).toBe('Reload me');

    // A reload: a fresh copy of the module with nothing in memory reads the stored draft.
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('@/lib/jobs/draft');
      expect(fresh.readJobDraft('new').content?.title).toBe('Reload me');
    });
  });

  it('keeps the duplicate flow apart from the new-job flow', async () => {
    render(
      <>
        <div data-testid="new">
          <TitleEditor kind="new" />
        </div>
        <div data-testid="dup">
          <TitleEditor kind="duplicate" />
        </div>
      </>,
    );
    const [newTitle, dupTitle] = screen.getAllByLabelText('Title');
    await userEvent.type(dupTitle, 'Copy');
    expect(newTitle).toHaveValue('');
    expect(window.localStorage.getItem(DRAFT_STORAGE_KEYS.duplicate)).toContain('Copy');
    expect(window.localStorage.getItem(DRAFT_STORAGE_KEYS.new)).toBeNull();
  });

  it('follows a change made in another tab', async () => {
    render(<TitleEditor kind="new" />);
    const value = JSON.stringify({ version: 1, content: { title: 'From another tab' }, addresses: [], addons: {} });
    window.localStorage.setItem(DRAFT_STORAGE_KEYS.new, value);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: DRAFT_STORAGE_KEYS.new, newValue: value }));
    });
    expect(screen.getByLabelText('Title')).toHaveValue('From another tab');
  });

  it('totals addresses and chosen add-ons from the price table', () => {
    expect(draftTotalCents(2, { boost: true, promote: false, hyperlink: true, externalUrl: 'https://a.example' })).toBe(2 * 15_000 + 20_000 + 10_000);
    expect(draftTotalCents(0, { boost: false, promote: false, hyperlink: false, externalUrl: '' })).toBe(0);
  });
});
