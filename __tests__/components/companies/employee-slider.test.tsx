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
