import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminInvoices, MARKED_PAID } from '@/components/billing/admin-invoices';
import { api } from '@/lib/api/client';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

function invoice(over: Record<string, unknown> = {}) {
  return {
    id: 41,
    number: 'INV-2026-000041',
    amount: 400,
    amount_cents: 40_000,
    status: 'APPROVED',
    payment_state: 'due',
    payment_state_label: 'Due',
    paid_at: null,
    due_date: '2026-12-23T12:00:00.000Z',
    document: 'invoice',
    billing_date: '2026-11-23T12:00:00.000Z',
    created_at: '2026-11-23T12:00:00.000Z',
    title: 'Regional Driver',
    company: { id: 3, name: 'Contract Carriers' },
    addons: [],
    lines: [],
    payment_method: { code: 'CONTRACT', description: 'Invoice', card_type: null, masked_number: null },
    ...over,
  };
}

describe('Admin invoices (issue 9, item 4)', () => {
  it('shows a due invoice as Due with its due date, and marks it paid after a confirmation', async () => {
    let paid = false;
    mockApi.mockImplementation(async (path, init) => {
      if (init?.method === 'POST') {
        paid = true;
        return { data: invoice({ payment_state: 'paid', payment_state_label: 'Paid', paid_at: new Date().toISOString() }) } as never;
      }
      return { data: paid ? [] : [invoice()], pagination: { offset: 0, limit: 20, total: paid ? 0 : 1 } } as never;
    });
    renderWithProviders(<AdminInvoices />);
    const row = await screen.findByTestId('admin-invoice-row');
    expect(within(row).getByText('Due')).toBeInTheDocument();
    expect(within(row).getByText('Contract Carriers')).toBeInTheDocument();
    expect(within(row).getByText(/due 12\/23\/2026/)).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Mark INV-2026-000041 paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this invoice paid?' });
    expect(mockApi).not.toHaveBeenCalledWith(expect.stringContaining('mark-paid'), expect.anything());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText(MARKED_PAID)).toBeInTheDocument();
    expect(mockApi).toHaveBeenCalledWith('/admin/invoices/41/mark-paid', expect.objectContaining({ method: 'POST' }));
    await waitFor(() => expect(screen.getByText('No invoices are due')).toBeInTheDocument());
  });

  it('marking paid the last due invoice of the last page goes back a page: the due invoices before it are listed, not "No invoices are due"', async () => {
    // 21 due invoices: page 2 holds the 21st. Once it is paid, 20 remain, all on page 1.
    let paid = false;
    const firstPage = Array.from({ length: 20 }, (_, i) => invoice({ id: i + 1, number: `INV-2026-${String(i + 1).padStart(6, '0')}` }));
    mockApi.mockImplementation(async (path, init) => {
      if (init?.method === 'POST') {
        paid = true;
        return { data: invoice({ id: 21, payment_state: 'paid', payment_state_label: 'Paid', paid_at: new Date().toISOString() }) } as never;
      }
      const offset = Number(new URLSearchParams(String(path).split('?')[1]).get('offset'));
      const total = paid ? 20 : 21;
      const rows = offset === 0 ? firstPage : paid ? [] : [invoice({ id: 21, number: 'INV-2026-000021' })];
      return { data: rows, pagination: { offset, limit: 20, total } } as never;
    });
    renderWithProviders(<AdminInvoices />);
    expect(await screen.findAllByTestId('admin-invoice-row')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-invoice-row')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Mark INV-2026-000021 paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this invoice paid?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText(MARKED_PAID)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('admin-invoice-row')).toHaveLength(20));
    expect(screen.queryByText('No invoices are due')).not.toBeInTheDocument();
  });
});
