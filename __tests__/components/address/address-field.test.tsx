import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AddressField } from '@/components/address/address-field';
import { ToastProvider } from '@/components/ui/toast';
import type { AddressSuggestion } from '@/lib/geo/types';

jest.mock('@/lib/auth/client-session', () => ({ getClientSession: jest.fn(async () => null), signOutLocally: jest.fn() }));
jest.mock('next/dynamic', () => () => () => null);

const dallas: AddressSuggestion = {
  description: 'Dallas, TX 75201, USA',
  address: '',
  city: 'Dallas',
  stateName: 'Texas',
  state: 'TX',
  zipCode: '75201',
  country: 'US',
  coordinates: { lat: 32.7904, lng: -96.8044 },
};
const dallasPa = { ...dallas, description: 'Dallas, PA, USA', state: 'PA', stateName: 'Pennsylvania', zipCode: '' };

function mockFetch(answer: (q: string) => { status: number; body: unknown }) {
  const fetchMock = jest.fn(async (url: string) => {
    const q = new URL(url, 'http://localhost').searchParams.get('q') ?? '';
    const { status, body } = answer(q);
    return { status, ok: status < 400, json: async () => body };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function Harness({ onChange }: { onChange: (v: AddressSuggestion | null) => void }) {
  const [value, setValue] = useState<AddressSuggestion | null>(null);
  return (
    <AddressField
      label="Company address"
      value={value}
      showMap
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

function setup() {
  const onChange = jest.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <Harness onChange={onChange} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { onChange, box: screen.getByRole('combobox', { name: 'Company address' }) };
}

describe('AddressField with the offline gazetteer', () => {
  it('searches once the typing pauses for 300 ms, not on every key', async () => {
    const fetchMock = mockFetch(() => ({ status: 200, body: { data: [dallas] } }));
    const { box } = setup();
    await userEvent.type(box, '75201');
    await screen.findByRole('option', { name: /Dallas/ });
    const queries = fetchMock.mock.calls.map(([url]) => new URL(url, 'http://localhost').searchParams.get('q'));
    expect(queries).toEqual(['75201']);
  });

  it('moves with the arrow keys (aria-activedescendant) and picks with Enter', async () => {
    mockFetch(() => ({ status: 200, body: { data: [dallas, dallasPa] } }));
    const { box, onChange } = setup();
    await userEvent.type(box, 'Dallas');
    const options = await screen.findAllByRole('option');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(dallasPa);
    expect(box).toHaveValue('Dallas, PA, USA');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('chosen-place')).toHaveTextContent('Dallas, Pennsylvania');
  });

  it('closes the list with Escape, then clears the text', async () => {
    mockFetch(() => ({ status: 200, body: { data: [dallas] } }));
    const { box } = setup();
    await userEvent.type(box, 'Dallas');
    await screen.findByRole('option');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('shows the non-US message from the API', async () => {
    mockFetch(() => ({ status: 422, body: { errors: [{ message: 'Addresses should be from the US', field: 'q' }] } }));
    const { box } = setup();
    await userEvent.type(box, 'Toronto, ON');
    await waitFor(() => expect(screen.getAllByText('Addresses should be from the US').length).toBeGreaterThan(0));
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a choice of one term or a foreign country and leaves the field empty', async () => {
    const oneTerm = { ...dallas, description: 'Dallas' };
    mockFetch(() => ({ status: 200, body: { data: [oneTerm] } }));
    const { box, onChange } = setup();
    await userEvent.type(box, 'Dal');
    await userEvent.click(await screen.findByRole('option'));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect((await screen.findAllByText('Select a valid address, city, or zip code')).length).toBeGreaterThan(0);
  });

  it('forgets the choice as soon as the text changes', async () => {
    mockFetch(() => ({ status: 200, body: { data: [dallas] } }));
    const { box, onChange } = setup();
    await userEvent.type(box, '75201');
    await userEvent.click(await screen.findByRole('option'));
    expect(onChange).toHaveBeenLastCalledWith(dallas);
    await userEvent.type(box, 'x');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows a value set from outside (restored from storage)', () => {
    mockFetch(() => ({ status: 200, body: { data: [] } }));
    const client = new QueryClient();
    const view = (value: AddressSuggestion | null) => (
      <QueryClientProvider client={client}>
        <ToastProvider>
          <AddressField label="Company address" value={value} onChange={() => {}} />
        </ToastProvider>
      </QueryClientProvider>
    );
    const { rerender } = render(view(null));
    const box = screen.getByRole('combobox', { name: 'Company address' });
    expect(box).toHaveValue('');
    rerender(view(dallas));
    expect(box).toHaveValue('Dallas, TX 75201, USA');
    rerender(view({ ...dallasPa }));
    expect(box).toHaveValue('Dallas, PA, USA');
  });
});
