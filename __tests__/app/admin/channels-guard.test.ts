/**
 * /admin/channels is for the news roles only (lib/access.ts); the page checks that itself, as every
 * other admin page does, instead of relying on the proxy alone (an admin review found it did not).
 */
import { pageGuardFor } from '@/lib/access';

const mockRequireSession = jest.fn(async () => {
  throw new Error('NEXT_REDIRECT /login?denied=1');
});
jest.mock('@/lib/auth/server', () => ({ requireSession: (...args: unknown[]) => mockRequireSession(...(args as [])) }));
jest.mock('@/lib/flags', () => ({ flagOn: async () => true }));
jest.mock('@/components/news/channels-page', () => ({ ChannelsPage: () => null }));

import AdminChannelsPage from '@/app/(admin)/admin/channels/page';

it("asks for the page's own guard before it renders anything", async () => {
  await expect(AdminChannelsPage({ searchParams: Promise.resolve({}) })).rejects.toThrow('NEXT_REDIRECT');
  expect(mockRequireSession).toHaveBeenCalledWith(pageGuardFor('/admin/channels'));
});
