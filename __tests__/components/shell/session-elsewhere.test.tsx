import { render, waitFor } from '@testing-library/react';
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { AccountStorageScope } from '@/components/shell/account-storage-scope';
import { hardNavigate } from '@/components/shell/navigate';
import { SESSION_CHANNEL, announceSignedOut } from '@/lib/browser/session-channel';

// jsdom has no BroadcastChannel; Node's speaks the same protocol between the test's "tabs".
beforeAll(() => {
  (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel ??= NodeBroadcastChannel;
});
jest.mock('@/components/shell/navigate', () => ({ hardNavigate: jest.fn() }));
const mockNavigate = hardNavigate as jest.MockedFunction<typeof hardNavigate>;

/** Another tab of the same browser. */
function otherTab() {
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  const heard: unknown[] = [];
  channel.onmessage = (e) => heard.push(e.data);
  return { heard, post: (message: unknown) => channel.postMessage(message), close: () => channel.close() };
}

let tab: ReturnType<typeof otherTab>;
beforeEach(() => {
  mockNavigate.mockReset();
  document.body.style.visibility = '';
  window.history.replaceState(null, '', '/company/jobs/1/applicants?stage=new');
  tab = otherTab();
});
afterEach(() => tab.close());

describe('a portal tab and the account signed in elsewhere in this browser', () => {
  it('tells the other tabs which account it shows', async () => {
    render(<AccountStorageScope owner={7}>page</AccountStorageScope>);
    await waitFor(() => expect(tab.heard).toContainEqual(expect.objectContaining({ type: 'signed-in', owner: 7 })));
  });

  it('a logout in another tab takes the page off the screen and goes to /login, back here after signing in', async () => {
    render(<AccountStorageScope owner={7}>applicants</AccountStorageScope>);
    tab.post({ type: 'signed-out' });
    await waitFor(() => expect(mockNavigate).toHaveBeenCalledWith('/login?callbackUrl=%2Fcompany%2Fjobs%2F1%2Fapplicants%3Fstage%3Dnew'));
    expect(document.body.style.visibility).toBe('hidden');
  });

  it('a sign-in as another account reloads the page; the same account signing in elsewhere changes nothing', async () => {
    render(<AccountStorageScope owner={7}>page</AccountStorageScope>);
    tab.post({ type: 'signed-in', owner: 7 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mockNavigate).not.toHaveBeenCalled();
    tab.post({ type: 'signed-in', owner: 8 });
    await waitFor(() => expect(mockNavigate).toHaveBeenCalledWith(window.location.href));
  });

  it('the tab that logs out does not react to its own message (a second navigation would abort its own)', async () => {
    render(<AccountStorageScope owner={7}>page</AccountStorageScope>);
    announceSignedOut();
    await waitFor(() => expect(tab.heard).toContainEqual(expect.objectContaining({ type: 'signed-out' })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mockNavigate).not.toHaveBeenCalled();
  });

  it('stops listening when the portal goes away', async () => {
    const { unmount } = render(<AccountStorageScope owner={7}>page</AccountStorageScope>);
    unmount();
    tab.post({ type: 'signed-out' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mockNavigate).not.toHaveBeenCalled();
  });
});
