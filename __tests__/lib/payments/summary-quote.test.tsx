import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { makeQueryClient } from '@/components/query-provider';
import { api } from '@/lib/api/client';
import { usePaymentSummary } from '@/lib/payments/hooks';

/*
 * The payment step's order is a quote. An employer who reached it ($600), went Back, added Promote
 * and came back saw the $600 again (kept by the app's 30 s staleTime) until Pay was refused with
 * "This order now comes to $700.00, not the $600.00 shown". Coming back must show the new total
 * straight away, never the old one first.
 */

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

it('reads the order afresh each time a payment step opens, showing no total from an earlier visit', async () => {
  const client = makeQueryClient(); // the app's own defaults
  const wrapper = ({ children }: { children: React.ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

  mockApi.mockResolvedValueOnce({ data: { total: 600 } } as never);
  const first = renderHook(() => usePaymentSummary(14), { wrapper });
  await waitFor(() => expect(first.result.current.data).toEqual({ total: 600 }));
  first.unmount(); // Back to the add-ons step, where Promote is added
  await new Promise((r) => setTimeout(r, 10)); // the moves between steps take at least this long

  mockApi.mockResolvedValueOnce({ data: { total: 700 } } as never);
  const seen: unknown[] = [];
  const second = renderHook(
    () => {
      const q = usePaymentSummary(14);
      seen.push(q.data);
      return q;
    },
    { wrapper },
  );
  await waitFor(() => expect(second.result.current.data).toEqual({ total: 700 }));
  expect(seen).not.toContainEqual({ total: 600 });
  expect(mockApi).toHaveBeenCalledTimes(2);
});
