import { act } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddonsPayment } from '@/components/billing/addons-payment';
import { payCardOf } from '@/components/billing/card-picker';
import { api } from '@/lib/api/client';
import { paymentSummary, renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
// Under Jest, next/dynamic is the pages-router loader, whose ref is its own ({ retry }), not the
// card form's handle (the app router's passes it on): the card form is imported directly here.
jest.mock('next/dynamic', () => () => jest.requireActual('@/components/billing/hosted-card-fields').HostedCardFields);
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }), usePathname: () => '/company/jobs/7/addons' }));

const shown = { card_type: 'Visa', masked_number: '**** **** **** 4242', expiration_date: '12/30', card_holder_name: 'Emma Recruiter' };

/** The gateway's iframe answers the parent's tokenize request with a token and what it showed of the card. */
function iframeAnswersWithToken(token: string) {
  const frame = screen.getByTitle('Secure card form') as HTMLIFrameElement;
  const channel = new URL(frame.src).searchParams.get('channel')!;
  jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {
    setTimeout(() =>
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { data: { type: 'tna:card-token', channel, token, ...shown }, origin: window.location.origin, source: frame.contentWindow }));
      }),
    );
  });
}

describe('paying with a card typed at checkout', () => {
  beforeEach(() => mockApi.mockReset());

  it("sends the hosted fields' card details with the token (the server needs them when the gateway's token does not describe itself)", async () => {
    mockApi.mockImplementation(async (path) => {
      if (path.startsWith('/payment/company/invoice/summary')) {
        return { data: paymentSummary({ action: 'addons', card: null, lines: [{ description: 'Promote add-on', kind: 'addon', amount: 100, amount_cents: 10000 }], total: 100, total_cents: 10000 }) } as never;
      }
      return { data: { message: 'Payment completed successfully', job_updated: true, job_id: 7 } } as never;
    });
    renderWithProviders(<AddonsPayment jobId={7} />);
    await screen.findByTitle('Secure card form');
    iframeAnswersWithToken('tok_celero_abc');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    expect(await screen.findByText('Payment completed successfully')).toBeInTheDocument();
    expect(mockApi).toHaveBeenCalledWith('/payment/employer/job/addons', {
      method: 'POST',
      body: { job_id: 7, card_token: 'tok_celero_abc', ...shown, expected_total_cents: 10000 },
    });
  });

  it('leaves out what the hosted fields did not say', () => {
    expect(payCardOf({ token: 'tok_1', card_type: '', masked_number: '**** 1111', expiration_date: '', card_holder_name: ' ' })).toEqual({ card_token: 'tok_1', masked_number: '**** 1111' });
  });
});
