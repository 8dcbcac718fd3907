import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CompanyFormDialog } from '@/components/admin/company-form-dialog';
import { ApiError, api } from '@/lib/api/client';
import { staleEdit } from '@/lib/api/if-match';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

const OPENED = '2026-11-27T18:00:00.000Z';
const demo = { id: 3, company_name: 'Demo Freight Lines', email: 'billing@demo.test', billing_type: 'CELERO', type: 2, street1: '1 Main St', phone: '+12145550100', updated_at: OPENED };

beforeEach(() => {
  mockApi.mockReset();
  mockApi.mockImplementation(async () => ({ data: demo }) as never);
});

describe("the admin's company edit and saves made since it opened (If-Match)", () => {
  it('sends the version it opened; a 412 says so, keeps the form open with what was typed', async () => {
    const stale = staleEdit('company');
    renderWithProviders(<CompanyFormDialog companyId={3} onClose={jest.fn()} />);
    const name = await screen.findByLabelText(/Company name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Demo Freight Lines East');
    mockApi.mockRejectedValueOnce(new ApiError(stale, 412, [{ message: stale }]));
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(screen.getByText(stale)).toBeInTheDocument());
    const [path, init] = mockApi.mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(path).toBe('/admin/companies/3');
    expect(init?.headers).toEqual({ 'if-match': `"${OPENED}"` });
    expect(name).toHaveValue('Demo Freight Lines East');
  });

  it('a new company sends no version', async () => {
    renderWithProviders(<CompanyFormDialog companyId={null} onClose={jest.fn()} />);
    await userEvent.type(await screen.findByLabelText(/Company name/), 'Zeta Hauling');
    await userEvent.type(screen.getByLabelText(/Billing email/), 'ap@zeta.test');
    await userEvent.click(screen.getByRole('button', { name: /create|save/i }));
    await waitFor(() => expect(mockApi.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(true));
    const [, init] = mockApi.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(init?.headers).toBeUndefined();
  });
});
