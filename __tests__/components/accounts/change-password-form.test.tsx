import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChangePasswordForm, PASSWORD_CHANGED } from '@/components/accounts/change-password-form';
import { ApiError, api } from '@/lib/api/client';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

beforeEach(() => mockApi.mockReset());

const fill = async (current: string, next: string, confirm: string) => {
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New password'), next);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
};

describe('ChangePasswordForm (no form library: issue 16)', () => {
  it('checks every field with the schema before sending anything, and focuses the first wrong one', async () => {
    renderWithProviders(<ChangePasswordForm />);
    await fill('', 'Newpass1!', 'Other1234!');
    expect(await screen.findByText('Enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveFocus();
    expect(mockApi).not.toHaveBeenCalled();
    // After a failed submit each change is checked again.
    await userEvent.type(screen.getByLabelText('Current password'), 'x');
    await waitFor(() => expect(screen.queryByText('Enter your current password.')).not.toBeInTheDocument());
  });

  it('shows the server’s answer under its field', async () => {
    mockApi.mockRejectedValue(new ApiError('Current password is incorrect', 422, [{ message: 'Current password is incorrect', field: 'oldPassword' }]));
    renderWithProviders(<ChangePasswordForm />);
    await fill('Wrong1234!', 'Newpass1!x', 'Newpass1!x');
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveFocus();
  });

  it('sends the old and new password (never the confirmation), then empties the form', async () => {
    mockApi.mockResolvedValue(undefined as never);
    const onDone = jest.fn();
    renderWithProviders(<ChangePasswordForm onDone={onDone} />);
    await fill('Demo1234!', 'Newpass1!x', 'Newpass1!x');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(mockApi).toHaveBeenCalledWith('/auth/change-password', { method: 'POST', body: { oldPassword: 'Demo1234!', password: 'Newpass1!x' } });
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });
});
