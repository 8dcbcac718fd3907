import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmployeeSlider } from '@/components/companies/employee-slider';
import { ApiError, api } from '@/lib/api/client';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

beforeEach(() => mockApi.mockReset());

describe('Add employee', () => {
  it('clears each error as its field is edited, without moving the focus away from the field being typed in', async () => {
    mockApi.mockRejectedValueOnce(
      new ApiError('Unprocessable', 422, [
        { field: 'first_name', message: "Enter the employee's first name" },
        { field: 'last_name', message: "Enter the employee's last name" },
        { field: 'password', message: 'No password provided.' },
      ]),
    );
    render(<EmployeeSlider base="/companies/12/employers" employee={null} open onOpenChange={() => undefined} onSaved={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add employee' }));
    expect(await screen.findByText("Enter the employee's first name")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('First name'), 'Paula');
    expect(screen.getByLabelText('First name')).toHaveValue('Paula');
    expect(screen.queryByText("Enter the employee's first name")).toBeNull();
    expect(screen.getByText("Enter the employee's last name")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Last name'), 'Payroll');
    expect(screen.queryByText("Enter the employee's last name")).toBeNull();
    expect(screen.getByText('No password provided.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await waitFor(() => expect(screen.queryByText('No password provided.')).toBeNull());
  });
});

describe('Edit employee', () => {
  const founder = {
    id: 41,
    email: 'founder@demo-freight.test',
    company_id: 12,
    first_name: 'Fay',
    last_name: 'Founder',
    // Signed up through a social sign-in as a driver, then created the company: no phone on file.
    phone: null,
    active: true,
    created_at: '2026-11-01T12:00:00.000Z',
    blocked: false,
    role: 'company_user' as const,
    email_verified: true,
  };

  it('changes the role of an employee without a phone: only what was changed is sent, not an empty phone the server refuses', async () => {
    // As the API answers: an empty phone is "No phone provided" (and a driver's own name or phone cannot be set by the company).
    mockApi.mockImplementation(async (_path, init) => {
      const body = (init?.body ?? {}) as Record<string, unknown>;
      if (body.phone === '') throw new ApiError('Unprocessable', 422, [{ field: 'phone', message: 'No phone provided' }]);
      return { data: { ...founder, role: body.role ?? founder.role } } as never;
    });
    const onSaved = jest.fn();
    render(<EmployeeSlider base="/companies/12/employers" employee={founder} open onOpenChange={() => undefined} onSaved={onSaved} />);
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'company_admin');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ role: 'company_admin' }), false));
    expect(mockApi).toHaveBeenCalledWith('/companies/12/employers/41', { method: 'PATCH', body: { role: 'company_admin' } });
    expect(screen.queryByText('No phone provided')).toBeNull();
  });

  it('closes without a call when nothing was changed', async () => {
    const onOpenChange = jest.fn();
    render(<EmployeeSlider base="/companies/12/employers" employee={founder} open onOpenChange={onOpenChange} onSaved={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(mockApi).not.toHaveBeenCalled();
  });
});
