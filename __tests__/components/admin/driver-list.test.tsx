import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DriverList, SUBSCRIPTION_CANCELLED, SUBSCRIPTION_NOT_CANCELLED } from '@/components/admin/driver-list';
import { ApiError, api } from '@/lib/api/client';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
const past = new Date(Date.now() - 30 * 86_400_000).toISOString();

function driver(subs: Record<string, unknown>[]) {
  return {
    id: 8,
    firstName: 'Dan',
    lastName: 'Driver',
    email: 'driver@demo.test',
    billingCustomerId: 'cus_demo_dan',
    phone: '2145550123',
    subscriptions: subs.map((s, i) => ({ id: i + 1, subscription: 'healthcare', subscriptionType: 'open', tier: 'individual', subscriptionDate: past, expirationDate: future, renewalCanceledAt: null, renewalCancellationReason: null, ...s })),
  };
}

/**
 * Renders the list with one driver and one open subscription, goes through Unsubscribe and its
 * confirmation, and returns the reason dialog. `onPatch` answers the cancellation (its body is
 * kept in `sent`).
 */
async function openReasonDialog(onPatch: () => unknown = () => ({ data: {} })) {
  const state: { sent?: unknown } = {};
  mockApi.mockImplementation(async (path, init) => {
    if (init?.method === 'PATCH') {
      state.sent = init.body;
      return onPatch() as never;
    }
    return { data: [driver([{}])], pagination: { offset: 0, limit: 10, total: 1 } } as never;
  });
  renderWithProviders(<DriverList />);
  await userEvent.click(await screen.findByRole('button', { name: 'View subscriptions of Dan Driver' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Subscription List' })).getByRole('button', { name: 'Unsubscribe' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Unsubscribe from HealthRX?' })).getByRole('button', { name: 'Confirm' }));
  return { reason: await screen.findByRole('dialog', { name: 'Why is the driver unsubscribing?' }), state };
}

describe('Admin Driver List (accounts spec §2 and §4)', () => {
  beforeEach(() => mockApi.mockReset());

  it('shows the columns, the empty text, and opens the Subscription List with the spec words', async () => {
    mockApi.mockResolvedValueOnce({ data: [], pagination: { offset: 0, limit: 10, total: 0 } } as never);
    const { unmount } = renderWithProviders(<DriverList />);
    expect(await screen.findByText('There are no subscriptions')).toBeInTheDocument();
    unmount();

    mockApi.mockResolvedValue({
      data: [driver([{}, { subscription: 'road_assistance', subscriptionType: 'pre_subscribed', tier: 'basic', renewalCanceledAt: past, renewalCancellationReason: 'Unhappy with the coverage' }, { tier: 'family', expirationDate: past }])],
      pagination: { offset: 0, limit: 10, total: 1 },
    } as never);
    renderWithProviders(<DriverList />);
    const row = await screen.findByTestId('driver-row');
    for (const text of ['cus_demo_dan', 'Dan Driver', 'driver@demo.test', '2145550123']) expect(within(row).getByText(text)).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'View subscriptions of Dan Driver' }));
    const panel = await screen.findByRole('dialog', { name: 'Subscription List' });
    const rows = within(panel).getAllByTestId('subscription-row');
    expect(rows[0]).toHaveTextContent('HealthRX');
    expect(rows[0]).toHaveTextContent('Individual');
    expect(rows[1]).toHaveTextContent('Roadside Assistance');
    expect(rows[1]).toHaveTextContent('Pre subscribed');
    expect(within(rows[0]).getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
    expect(within(rows[1]).getByRole('button', { name: 'Unsubscribe' })).toBeDisabled();
    expect(within(rows[2]).getByRole('button', { name: 'Unsubscribe' })).toBeDisabled();
  });

  it('confirms, asks the reason (Other needs text, cut to 250), cancels, and toasts the outcome', async () => {
    const { reason, state } = await openReasonDialog();
    await userEvent.click(within(reason).getByRole('button', { name: 'Unsubscribe' }));
    expect(within(reason).getByRole('alert')).toHaveTextContent('Choose a reason.');
    await userEvent.click(within(reason).getByLabelText('Other'));
    await userEvent.click(within(reason).getByRole('button', { name: 'Unsubscribe' }));
    expect(within(reason).getByRole('alert')).toHaveTextContent('Tell us the reason.');
    await userEvent.click(within(reason).getByLabelText('Reason'));
    await userEvent.paste('z'.repeat(300));
    expect(within(reason).getByText('250/250')).toBeInTheDocument();
    await userEvent.click(within(reason).getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(SUBSCRIPTION_CANCELLED)).toBeInTheDocument();
    expect(state.sent).toEqual({ reason_code: 6, renewal_cancellation_reason: 'z'.repeat(250) });
  });

  it('cuts a pasted reason on a whole character: an emoji across the 250th character is left out, not halved', async () => {
    const { reason, state } = await openReasonDialog();
    await userEvent.click(within(reason).getByLabelText('Other'));
    await userEvent.click(within(reason).getByLabelText('Reason'));
    await userEvent.paste(`${'z'.repeat(249)}\u{1F69A} and more`);
    expect(within(reason).getByText('249/250')).toBeInTheDocument();
    await userEvent.click(within(reason).getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(SUBSCRIPTION_CANCELLED)).toBeInTheDocument();
    expect(state.sent).toEqual({ reason_code: 6, renewal_cancellation_reason: 'z'.repeat(249) });
  });

  it("says 'Subscription not cancelled' when the API refuses", async () => {
    const { reason } = await openReasonDialog(() => {
      throw new ApiError('This subscription is already cancelled.', 409);
    });
    await userEvent.click(within(reason).getByLabelText('No longer want the service'));
    await userEvent.click(within(reason).getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(screen.getByText(SUBSCRIPTION_NOT_CANCELLED)).toBeInTheDocument());
  });
});
