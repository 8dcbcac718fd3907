import { screen, waitFor } from '@testing-library/react';
import { AddressStep } from '@/components/jobs/wizard/address-step';
import { renderWithProviders } from './helpers';

const LIVE = { unpaidAddresses: 1, paidAddons: [], paidPlaces: [], releasedPlaces: [] };

const place = (key: string, city: string) => ({ key, description: `${city}, TX, USA`, city, state: 'TX', country: 'US', coordinates: { lat: 32.7, lng: -96.8 } });

describe('AddressStep', () => {
  it("names each address's cost for assistive technology: the amount is read with what it is the cost of", () => {
    renderWithProviders(<AddressStep mode="new" initial={[place('a', 'Dallas'), { ...place('b', 'Austin'), cost: 75 }]} saving={false} backHref="/back" onSubmit={jest.fn()} />);
    // A group may carry a name (a plain span's aria-label is ignored by screen readers).
    expect(screen.getByRole('group', { name: 'Cost of address 1' })).toHaveTextContent('$150.00');
    expect(screen.getByRole('group', { name: 'Cost of address 2' })).toHaveTextContent('$75.00');
  });

  it('editing a live job: the footer names the period\'s price and, apart, the new addresses due now', () => {
    const paid = { ...place('a', 'Dallas'), pendingPayment: false };
    const pending = { ...place('b', 'Austin'), pendingPayment: true };
    renderWithProviders(<AddressStep mode="edit" live={LIVE} initial={[paid, pending, place('c', 'Waco')]} saving={false} backHref="/back" onSubmit={jest.fn()} />);
    expect(screen.getByText(/3 addresses/)).toHaveTextContent('3 addresses · $450.00 per period · $300.00 due now');
    expect(screen.getByTestId('addresses-due-now')).toHaveTextContent('$300.00');
  });

  it('a place taken off within its paid period and put back is not due again (the server restores it free; the step said $150 due)', async () => {
    const paid = { ...place('a', 'Dallas'), pendingPayment: false };
    const denver = { key: 'd', description: 'Denver, CO 80202, USA', address: '', city: 'Denver', state: 'CO', zipCode: '80202', country: 'US', coordinates: { lat: 39.75, lng: -104.99 } };
    const live = { ...LIVE, releasedPlaces: ['|denver|co|80202'] };
    renderWithProviders(<AddressStep mode="edit" live={live} initial={[paid, denver, place('c', 'Waco')]} saving={false} backHref="/back" onSubmit={jest.fn()} />);
    // Denver put back is free; Waco is new (the keying of places loads first).
    await waitFor(() => expect(screen.getByText(/3 addresses/)).toHaveTextContent('3 addresses · $450.00 per period · $150.00 due now'));
  });

  it('a saved paid place removed and picked again is not due (the server keeps its paid row; the step said $150 due)', async () => {
    // The row holds the picker's value (no pendingPayment), as after Remove and a new pick.
    const picked = { key: 'x', description: 'Dallas, TX 75201, USA', address: '', city: 'Dallas', state: 'TX', zipCode: '75201', country: 'US', coordinates: { lat: 32.78, lng: -96.8 } };
    const live = { ...LIVE, paidPlaces: [{ street1: null, city: 'Dallas', state: 'TX', postal_code: '75201' }] };
    renderWithProviders(<AddressStep mode="edit" live={live} initial={[picked, place('c', 'Waco')]} saving={false} backHref="/back" onSubmit={jest.fn()} />);
    await waitFor(() => expect(screen.getByTestId('addresses-due-now')).toHaveTextContent('$150.00'));
  });

  it('on a new job the footer is the posting\'s price alone', () => {
    renderWithProviders(<AddressStep mode="new" initial={[place('a', 'Dallas')]} saving={false} backHref="/back" onSubmit={jest.fn()} />);
    expect(screen.getByText(/1 address/)).toHaveTextContent(/^1 address · \$150\.00$/);
    expect(screen.queryByTestId('addresses-due-now')).toBeNull();
  });
});
