import { act } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentSettings } from '@/components/billing/payment-settings';
import { api, ApiError } from '@/lib/api/client';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

const DECLINED = 'Your card was declined.';
const visa = { card_type: 'Visa', masked_number: '**** **** **** 0002', expiration_date: '12/39', card_holder_name: 'Emma Recruiter' };

/** The gateway's iframe answering the parent's tokenize request with a token (the card's format is fine). */
function iframeAnswersWithToken() {
  const frame = screen.getByTitle('Secure card form') as HTMLIFrameElement;
  const channel = new URL(frame.src).searchParams.get('channel')!;
  jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {
    setTimeout(() =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', { data: { type: 'tna:card-token', channel, token: 'tok_sbx_declines', ...visa }, origin: window.location.origin, source: frame.contentWindow }),
        );
      }),
    );
  });
}

describe('Card setup in Settings → Payment (issue 9, item 5)', () => {
  beforeEach(() => mockApi.mockReset());

  it('a card the bank declines never shows the green ready state, only the decline', async () => {
    mockApi.mockImplementation(async (path, init) => {
      if (init?.method === 'POST') throw new ApiError(DECLINED, 402, [{ message: DECLINED }]);
      return { data: null } as never;
    });
    renderWithProviders(<PaymentSettings hostedFieldsUrl="/sandbox-gateway/hosted-fields" />);
    await screen.findByTitle('Secure card form');
    iframeAnswersWithToken();
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));

    expect(await screen.findByText(DECLINED)).toBeInTheDocument();
    expect(mockApi).toHaveBeenCalledWith('/payment/company/billing', expect.objectContaining({ method: 'POST' }));
    expect(screen.queryByText(/ready to use/i)).toBeNull();
    expect(document.querySelector('[data-card-status="success"]')).toBeNull();
    expect(screen.queryByText('Updated successfully')).toBeNull();
  });

  it('an accepted card is confirmed only after the server saved it', async () => {
    let saved = false;
    mockApi.mockImplementation(async (_path, init) => {
      if (init?.method === 'POST') {
        saved = true;
        return { data: { id: 1, is_default: true, created_at: new Date().toISOString(), ...visa } } as never;
      }
      return { data: saved ? { id: 1, ...visa } : null } as never;
    });
    renderWithProviders(<PaymentSettings hostedFieldsUrl="/sandbox-gateway/hosted-fields" />);
    await screen.findByTitle('Secure card form');
    iframeAnswersWithToken();
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Replace card' })).toBeInTheDocument());
  });
});
