import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { logout } from '@/components/shell/logout';
import { AccountOwnerContext, forgetOtherAccounts } from '@/lib/browser/account-storage';
import { clearJobDraft, draftSlot, draftStorageKey, draftTotalCents, useJobDraft, writeJobDraft, type DraftKind } from '@/lib/jobs/draft';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn(async () => ({ data: {} })) }));
jest.mock('@/lib/auth/client-session', () => ({ signOutLocally: jest.fn(async () => undefined) }));
jest.mock('@/components/shell/navigate', () => ({ hardNavigate: jest.fn() }));

/** The signed-in account of these tests (the portal shell provides it in the app). */
const OWNER = 7;
const OTHER = 8;
const KEYS = { new: draftStorageKey(draftSlot('new', OWNER))!, duplicate: draftStorageKey(draftSlot('duplicate', OWNER))! };

function As({ owner = OWNER, children }: { owner?: number; children: React.ReactNode }) {
  return <AccountOwnerContext.Provider value={owner}>{children}</AccountOwnerContext.Provider>;
}

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
  for (const owner of [OWNER, OTHER]) for (const kind of ['new', 'duplicate'] as const) clearJobDraft(draftSlot(kind, owner));
});

describe('the job draft store', () => {
  it('survives an unmount and a remount (the back button)', async () => {
    const first = render(<As><TitleEditor kind="new" /></As>);
    await userEvent.type(screen.getByLabelText('Title'), 'Night shift driver');
    first.unmount();
    render(<As><TitleEditor kind="new" /></As>);
    expect(screen.getByLabelText('Title')).toHaveValue('Night shift driver');
  });

  it("is written to localStorage under the account's own key and read back after a reload", async () => {
    render(<As><TitleEditor kind="new" /></As>);
    await userEvent.type(screen.getByLabelText('Title'), 'Reload me');
    const stored = JSON.parse(window.localStorage.getItem(KEYS.new)!);
    expect(stored.content.title).toBe('Reload me');

    // A reload: a fresh copy of the module with nothing in memory reads the stored draft.
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('@/lib/jobs/draft');
      expect(fresh.readJobDraft(fresh.draftSlot('new', OWNER)).content?.title).toBe('Reload me');
    });
  });

  it('keeps the duplicate flow apart from the new-job flow', async () => {
    render(
      <As>
        <div data-testid="new">
          <TitleEditor kind="new" />
        </div>
        <div data-testid="dup">
          <TitleEditor kind="duplicate" />
        </div>
      </As>,
    );
    const [newTitle, dupTitle] = screen.getAllByLabelText('Title');
    await userEvent.type(dupTitle, 'Copy');
    expect(newTitle).toHaveValue('');
    expect(window.localStorage.getItem(KEYS.duplicate)).toContain('Copy');
    expect(window.localStorage.getItem(KEYS.new)).toBeNull();
  });

  it('follows a change made in another tab', async () => {
    render(<As><TitleEditor kind="new" /></As>);
    const value = JSON.stringify({ version: 1, content: { title: 'From another tab' }, addresses: [], addons: {} });
    window.localStorage.setItem(KEYS.new, value);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: KEYS.new, newValue: value }));
    });
    expect(screen.getByLabelText('Title')).toHaveValue('From another tab');
  });

  it("is never shown to another account signed in on the same browser", async () => {
    const first = render(<As><TitleEditor kind="new" /></As>);
    await userEvent.type(screen.getByLabelText('Title'), 'Company A secret route');
    first.unmount();
    render(<As owner={OTHER}><TitleEditor kind="new" /></As>);
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('keeps nothing in storage when nobody is signed in', async () => {
    render(<TitleEditor kind="new" />);
    await userEvent.type(screen.getByLabelText('Title'), 'Anonymous');
    expect(Object.keys(window.localStorage).filter((k) => k.includes('draft'))).toEqual([]);
  });

  it("removes other accounts' drafts when an account signs in, and keeps the device's own keys", () => {
    writeJobDraft(draftSlot('new', OWNER), { jobId: 1 });
    writeJobDraft(draftSlot('new', OTHER), { jobId: 2 });
    window.localStorage.setItem('tna.deviceId', 'device-1');
    forgetOtherAccounts(OTHER);
    expect(window.localStorage.getItem(KEYS.new)).toBeNull();
    expect(window.localStorage.getItem(draftStorageKey(draftSlot('new', OTHER))!)).not.toBeNull();
    expect(window.localStorage.getItem('tna.deviceId')).toBe('device-1');
  });

  it('is removed at logout, from storage and from memory, with the sign-up steps', async () => {
    writeJobDraft(draftSlot('new', OWNER), { jobId: 1, content: { title: 'Before logout' } as never });
    window.localStorage.setItem('companyInfo', JSON.stringify({ userId: OWNER, companyName: 'A', companySize: '1-5' }));
    window.sessionStorage.setItem('signup', JSON.stringify({ email: 'a@a.test', savedAt: Date.now() }));
    window.localStorage.setItem('tna.deviceId', 'device-1');
    await logout();
    expect(window.localStorage.getItem(KEYS.new)).toBeNull();
    expect(window.localStorage.getItem('companyInfo')).toBeNull();
    expect(window.sessionStorage.getItem('signup')).toBeNull();
    expect(window.localStorage.getItem('tna.deviceId')).toBe('device-1');
    render(<As><TitleEditor kind="new" /></As>);
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('totals addresses and chosen add-ons from the price table', () => {
    expect(draftTotalCents(2, { boost: true, promote: false, hyperlink: true, externalUrl: 'https://a.example' })).toBe(2 * 15_000 + 20_000 + 10_000);
    expect(draftTotalCents(0, { boost: false, promote: false, hyperlink: false, externalUrl: '' })).toBe(0);
  });
});
