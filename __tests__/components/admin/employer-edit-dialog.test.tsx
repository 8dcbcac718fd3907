import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmployerEditDialog } from '@/components/admin/employer-edit-dialog';
import { api } from '@/lib/api/client';
import type { CompanyUser } from '@/lib/admin/hooks';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

const emma = { id: 5, first_name: 'Emma', last_name: 'Recruiter', email: 'employer@demo.test', phone: '2145550100' } as unknown as CompanyUser;
const passwordCalls = () => mockApi.mock.calls.filter(([path]) => path === '/admin/employers/change-password');

beforeEach(() => {
  mockApi.mockReset();
  mockApi.mockResolvedValue({ data: {} } as never);
});

describe("an admin editing a company user: what signs them out or locks them out is said first", () => {
  it('asks before setting a password (it signs the user out everywhere), and sets it on the second press', async () => {
    const user = userEvent.setup();
    renderWithProviders(<EmployerEditDialog userId={5} user={emma} onClose={() => {}} />);
    await user.type(await screen.findByLabelText('New password'), 'Fresh5678#');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(passwordCalls()).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('signs Emma out of every device');
    await user.click(screen.getByRole('button', { name: 'Set password and sign out' }));
    await waitFor(() => expect(passwordCalls()).toHaveLength(1));
  });

  it('says what a changed email does before it is saved', async () => {
    const user = userEvent.setup();
    renderWithProviders(<EmployerEditDialog userId={5} user={emma} onClose={() => {}} />);
    const email = await screen.findByLabelText('Email');
    expect(email).not.toHaveAccessibleDescription();
    await user.clear(email);
    await user.type(email, 'emma.r@demo.test');
    expect(email).toHaveAccessibleDescription(/employer@demo\.test stops working/);
  });
});
