import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { api, ApiError } from '@/lib/api/client';
import { hardNavigate } from '@/components/shell/navigate';
import { SESSION_CHANNEL } from '@/lib/browser/session-channel';

jest.mock('@/components/shell/navigate', () => ({ hardNavigate: jest.fn() }));
jest.mock('@/lib/auth/client-session', () => ({ getClientSession: jest.fn(async () => null), signOutLocally: jest.fn(async () => undefined) }));
const mockNavigate = hardNavigate as jest.MockedFunction<typeof hardNavigate>;

beforeAll(() => {
  (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel ??= NodeBroadcastChannel;
});

it('an expired session goes to /login with the page to come back to, and tells the other tabs', async () => {
  window.history.replaceState(null, '', '/company/jobs/5/job-content');
  global.fetch = jest.fn(async () => ({ ok: false, status: 401, json: async () => ({ errors: [{ message: 'Unauthorized' }] }) })) as never;
  const other = new BroadcastChannel(SESSION_CHANNEL);
  const heard: unknown[] = [];
  other.onmessage = (e) => heard.push(e.data);
  await expect(api('/jobs/5', { method: 'PATCH', body: {} })).rejects.toBeInstanceOf(ApiError);
  expect(mockNavigate).toHaveBeenCalledWith('/login?callbackUrl=%2Fcompany%2Fjobs%2F5%2Fjob-content');
  await new Promise((resolve) => setTimeout(resolve, 50));
  other.close();
  expect(heard).toEqual([expect.objectContaining({ type: 'signed-out' })]);
});
