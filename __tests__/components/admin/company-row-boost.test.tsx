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
});
