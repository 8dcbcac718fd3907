import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { AddressScreen } from '@/components/jobs/wizard/address-screen';
import type { LivePaid } from '@/components/jobs/wizard/live-paid';
import { AccountOwnerContext } from '@/lib/browser/account-storage';
import { jobDetail, renderWithProviders } from './helpers';

/*
 * The address step keys a live job's free places in an effect on its `live` prop (loading the
 * keying's chunk). The screen built a new `live` on every render, so every render of the screen ran
 * that effect again; one object per job keeps it to one.
 */

const seen: (LivePaid | undefined)[] = [];
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn() }), usePathname: () => '/company/jobs/7/edit/address' }));
jest.mock('@/components/jobs/wizard/address-step', () => ({
  AddressStep: ({ live }: { live?: LivePaid }) => {
    seen.push(live);
    return <p>The address step</p>;
  },
}));

const JOB = jobDetail({
  addresses: [{ id: 1, street1: '100 Main St', city: 'Memphis', state: 'TN', postal_code: '38103', latitude: 35.14, longitude: -90.05, pending_payment: false }],
} as never);

function Parent() {
  const [n, setN] = useState(0);
  return (
    <div data-renders={n}>
      <button type="button" onClick={() => setN(n + 1)}>
        Render again
      </button>
      <AddressScreen mode="edit" job={JOB} />
    </div>
  );
}

it('hands the address step the same live object on every render of the same job', async () => {
  renderWithProviders(
    <AccountOwnerContext.Provider value={7}>
      <Parent />
    </AccountOwnerContext.Provider>,
  );
  await screen.findByText('The address step');
  fireEvent.click(screen.getByRole('button', { name: 'Render again' }));
  fireEvent.click(screen.getByRole('button', { name: 'Render again' }));
  expect(seen.length).toBeGreaterThanOrEqual(3);
  expect(seen[0]).toMatchObject({ unpaidAddresses: 0, paidPlaces: [{ city: 'Memphis', postal_code: '38103' }] });
  expect(new Set(seen).size).toBe(1);
});
