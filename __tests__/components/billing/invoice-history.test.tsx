import { screen, within } from '@testing-library/react';
import { InvoiceHistory } from '@/components/billing/invoice-history';
import { api } from '@/lib/api/client';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }), usePathname: () => '/company/settings/billing', useSearchParams: () => new URLSearchParams() }));
const mockApi = api as jest.MockedFunction<typeof api>;

const order = {
  id: 11,
  number: 'INV-2026-000011',
  amount: 250,
  amount_cents: 25_000,
  status: 'APPROVED',
  action_type: 'addons',
  auto_renew: false,
  payment_state: 'paid',
  payment_state_label: 'Paid',
  paid_at: '2026-11-23T12:00:00.000Z',
  due_date: null,
  document: 'receipt',
  billing_date: '2026-11-23T12:00:00.000Z',
  created_at: '2026-11-23T12:00:00.000Z',
  title: 'Regional Driver',
  transaction_id: 'txn_1',
  error: null,
  addons: [{ id: 3, addon_type: 'hyperlink', cost: 100, addon_renewable: true }],
  lines: [
    { id: 1, kind: 'job_posting', description: 'Job posting: Houston, TX 77002', amount: 150, amount_cents: 15_000 },
    { id: 2, kind: 'addon', description: 'Hyperlink add-on', amount: 100, amount_cents: 10_000 },
  ],
  payment_method: { code: 'CELERO', description: 'Credit Card', card_type: 'Visa', masked_number: '**** **** **** 1111' },
};

describe('billing history', () => {
  it('lists what an order charged, line by line, adding up to its amount (addresses included, not only add-ons)', async () => {
    mockApi.mockResolvedValue({ data: [order], pagination: { offset: 0, limit: 10, total: 1 } } as never);
    renderWithProviders(<InvoiceHistory status="all" />);
    const [wide] = await screen.findAllByTestId('invoice-lines');
    const items = within(wide).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Job posting: Houston, TX 77002$150.00', 'Hyperlink add-on$100.00']);
    expect(within(screen.getByTestId('invoice-row')).getByText('$250.00')).toBeInTheDocument();
  });
});
