import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmployeesPanel } from '@/components/companies/employees-panel';
import { api } from '@/lib/api/client';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

const employee = (id: number) => ({
  id,
  email: `person${id}@carrier.test`,
  company_id: 3,
  first_name: 'Person',
  last_name: `Number${id}`,
  phone: '2145550123',
  active: true,
  created_at: '2026-11-01T12:00:00.000Z',
  blocked: false,
  role: 'company_user' as const,
  email_verified: true,
});

describe('EmployeesPanel', () => {
  it('removing the only employee of the last page goes back a page: the employees before are listed, not "No employees yet"', async () => {
    // 21 people: page 2 (20 a page) holds the 21st, a driver-member whose removal takes them out of the company.
    let people = Array.from({ length: 21 }, (_, i) => employee(i + 1));
    mockApi.mockImplementation(async (path, init) => {
      if (init?.method === 'PATCH') {
        people = people.filter((p) => p.id !== 21);
        return { data: { ...employee(21), active: false, removed: true } } as never;
      }
      const q = new URLSearchParams(String(path).split('?')[1]);
      const offset = Number(q.get('offset'));
      return { data: people.slice(offset, offset + Number(q.get('limit'))), pagination: { offset, limit: 20, total: people.length } } as never;
    });
    renderWithProviders(<EmployeesPanel companyId={3} canManage selfId={1} />);
    // The list is drawn as a table and as cards (one shows per width): each name appears twice.
    await screen.findAllByText('Person Number1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click((await screen.findAllByRole('button', { name: 'Deactivate Person Number21' }))[0]);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Deactivate this employee?' })).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(/is no longer part of the company/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Person Number20').length).toBeGreaterThan(0));
    expect(screen.queryByText('No employees yet')).toBeNull();
  });
});
