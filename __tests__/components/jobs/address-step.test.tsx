import { screen } from '@testing-library/react';
import { AddressStep } from '@/components/jobs/wizard/address-step';
import { renderWithProviders } from './helpers';

const place = (key: string, city: string) => ({ key, description: `${city}, TX, USA`, city, state: 'TX', country: 'US', coordinates: { lat: 32.7, lng: -96.8 } });

describe('AddressStep', () => {
  it("names each address's cost for assistive technology: the amount is read with what it is the cost of", () => {
    renderWithProviders(<AddressStep mode="new" initial={[place('a', 'Dallas'), { ...place('b', 'Austin'), cost: 75 }]} saving={false} backHref="/back" onSubmit={jest.fn()} />);
    // A group may carry a name (a plain span's aria-label is ignored by screen readers).
    expect(screen.getByRole('group', { name: 'Cost of address 1' })).toHaveTextContent('$150.00');
    expect(screen.getByRole('group', { name: 'Cost of address 2' })).toHaveTextContent('$75.00');
  });
});
