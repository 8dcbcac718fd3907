import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { SignedInSessions, browserZoneName } from '@/components/accounts/signed-in-sessions';
import { ApiError, api } from '@/lib/api/client';

/* The sessions' times are the browser's zone (the devices in front of you), and the list says so; a support session is told why it sees none. */

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
jest.mock('@/components/ui/toast', () => ({ useToast: () => ({ show: jest.fn() }) }));
const mockApi = api as jest.MockedFunction<typeof api>;

it('labels the time zone its times are in', async () => {
  mockApi.mockResolvedValue({
    data: [{ id: 'a', device: 'Chrome on Windows', ip: '10.0.0.1', region: 'Ohio', first_seen: '2026-11-20T14:00:00Z', last_seen: '2026-11-27T14:00:00Z', current: true, impersonated: false }],
  } as never);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SignedInSessions />
    </QueryClientProvider>,
  );
  expect(await screen.findByText(`Times in your browser's time zone (${browserZoneName()}).`)).toBeInTheDocument();
  expect(browserZoneName()).toMatch(/^[A-Z]{2,5}$|^GMT/);
});

it("tells an admin acting as the user, calmly, why the list is not theirs to see; a real failure stays an error", async () => {
  const message = 'An admin acting as this user cannot see where the user is signed in; only the user can.';
  mockApi.mockRejectedValueOnce(new ApiError(message, 403, [{ message }]));
  const { unmount } = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SignedInSessions />
    </QueryClientProvider>,
  );
  expect((await screen.findByText(message)).closest('[role]')).toHaveAttribute('role', 'status');
  expect(screen.queryByRole('alert')).toBeNull();
  unmount();
  mockApi.mockRejectedValueOnce(new ApiError('Something went wrong on our side.', 500, []));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SignedInSessions />
    </QueryClientProvider>,
  );
  expect((await screen.findByText('Something went wrong on our side.')).closest('[role]')).toHaveAttribute('role', 'alert');
});
