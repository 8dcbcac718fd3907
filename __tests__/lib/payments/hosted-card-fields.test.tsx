import { act, createRef } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { HostedCardFields, type HostedCardFieldsHandle } from '@/components/billing/hosted-card-fields';

/** Messages as the gateway's iframe would post them to the parent. */
function post(data: Record<string, unknown>, { origin = window.location.origin, source }: { origin?: string; source?: MessageEventSource | null } = {}) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source ?? null }));
  });
}

function setup() {
  const ref = createRef<HostedCardFieldsHandle>();
  const onStatus = jest.fn();
  render(<HostedCardFields ref={ref} url="/sandbox-gateway/hosted-fields" onStatus={onStatus} />);
  const frame = screen.getByTitle('Secure card form') as HTMLIFrameElement;
  const src = new URL(frame.src);
  const channel = src.searchParams.get('channel')!;
  return { ref, onStatus, frame, src, channel };
}

describe('HostedCardFields (the parent of the gateway iframe)', () => {
  it('points the iframe at the gateway with our origin and a channel', async () => {
    const { src, channel } = setup();
    expect(src.pathname).toBe('/sandbox-gateway/hosted-fields');
    expect(src.searchParams.get('parent')).toBe(window.location.origin);
    expect(channel).toBeTruthy();
  });

  it('resolves tokenize with the token the iframe posts, without claiming the card is accepted', async () => {
    const { ref, frame, channel, onStatus } = setup();
    const sent = jest.spyOn(frame.contentWindow!, 'postMessage');
    let result: unknown;
    const pending = ref.current!.tokenize().then((r) => (result = r));
    expect(sent).toHaveBeenCalledWith({ type: 'tna:tokenize', channel }, window.location.origin);
    post(
      { type: 'tna:card-token', channel, token: 'tok_sbx_1', card_type: 'Visa', masked_number: '**** **** **** 1111', expiration_date: '12/30', card_holder_name: 'Emma' },
      { source: frame.contentWindow },
    );
    await pending;
    expect(result).toEqual({ token: 'tok_sbx_1', card_type: 'Visa', masked_number: '**** **** **** 1111', expiration_date: '12/30', card_holder_name: 'Emma' });
    // A token says the number is well formed; only the server's answer (saved, charged) is success.
    expect(onStatus).toHaveBeenLastCalledWith(null);
    expect(screen.queryByText(/ready to use/i)).toBeNull();
  });

  it('ignores messages from another origin, another window or another channel', async () => {
    const { ref, frame, channel } = setup();
    const token = { type: 'tna:card-token', token: 'tok_evil', card_type: 'Visa', masked_number: 'x', expiration_date: '01/30' };
    let settled = false;
    const pending = ref.current!.tokenize().then(() => (settled = true));
    post({ ...token, channel }, { origin: 'https://evil.example', source: frame.contentWindow });
    post({ ...token, channel }, { source: window });
    post({ ...token, channel: 'other' }, { source: frame.contentWindow });
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    post({ ...token, token: 'tok_good', channel }, { source: frame.contentWindow });
    await pending;
    expect(settled).toBe(true);
  });

  it('rejects tokenize with the validation message and shows it', async () => {
    const { ref, frame, channel, onStatus } = setup();
    const pending = ref.current!.tokenize();
    post({ type: 'tna:card-status', status: 'validation', message: 'Invalid credit card number.', channel }, { source: frame.contentWindow });
    await expect(pending).rejects.toThrow('Invalid credit card number.');
    expect(onStatus).toHaveBeenLastCalledWith({ status: 'validation', message: 'Invalid credit card number.' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid credit card number.'));
  });
});
