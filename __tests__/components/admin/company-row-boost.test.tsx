import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CompanyRowDetail } from '@/components/admin/company-row-detail';
import { api } from '@/lib/api/client';
import type { CompanyListRow } from '@/lib/admin/company-search';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }) }));

const job = { id: 5, title: 'Dump Truck Driver', status: 'active', boost_active: false };

beforeEach(() => {
  mockApi.mockReset();
  mockApi.mockImplementation(async (path: string) => {
    if (path.startsWith('/admin/companies/')) return { data: [] } as never;
    if (path.startsWith('/jobs/search')) return { data: [job], pagination: { offset: 0, limit: 5, total: 1 } } as never;
    return { data: { job_id: 5, boost_active: true } } as never;
  });
});

describe('CompanyRowDetail: Boost', () => {
  it('asks before boosting, boosts nothing when cancelled, and boosts once confirmed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CompanyRowDetail company={{ id: 1, company_name: 'Demo Freight Lines' } as unknown as CompanyListRow} />);
    await user.click(await screen.findByRole('button', { name: 'Boost' }));
    expect(await screen.findByRole('dialog', { name: 'Boost this job?' })).toHaveTextContent('Dump Truck Driver');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const boosts = () => mockApi.mock.calls.filter(([path]) => path === '/admin/jobs/5/boost');
    expect(boosts()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Boost' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Boost' }));
    await waitFor(() => expect(boosts()).toHaveLength(1));
  });

  it('offers Boost on live jobs only: an unpublished or cancelled one is refused by the server, so it is not offered', async () => {
    const others = [
      { id: 6, title: 'Unpaid Flatbed', status: 'inactive', boost_active: false },
      { id: 7, title: 'Old Reefer', status: 'canceled', boost_active: false },
    ];
    mockApi.mockImplementation(async (path: string) => {
      if (path.startsWith('/admin/companies/')) return { data: [] } as never;
      return { data: [job, ...others], pagination: { offset: 0, limit: 5, total: 3 } } as never;
    });
    renderWithProviders(<CompanyRowDetail company={{ id: 1, company_name: 'Demo Freight Lines' } as unknown as CompanyListRow} />);
    const row = (title: string) => screen.getByText(title).closest('li')!;
    expect(within(await screen.findByText('Dump Truck Driver').then((el) => el.closest('li')!)).getByRole('button', { name: 'Boost' })).toBeInTheDocument();
    for (const o of others) expect(within(row(o.title)).queryByRole('button', { name: /Boost/ })).not.toBeInTheDocument();
    // Each status in the Company Portal's words (it showed the raw code, "canceled").
    expect(within(row('Old Reefer')).getByText('Cancelled')).toBeInTheDocument();
    expect(within(row('Unpaid Flatbed')).getByText('Inactive')).toBeInTheDocument();
  });
});
