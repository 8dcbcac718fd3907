import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { SignedInSessions, browserZoneName } from '@/components/accounts/signed-in-sessions';
import { api } from '@/lib/api/client';

/* The sessions' times are the browser's zone (the devices in front of you), and the list says so. */

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
