import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmployerEditDialog } from '@/components/admin/employer-edit-dialog';
import { ApiError, api } from '@/lib/api/client';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

const emma = { id: 5, email: 'employer@demo.test', first_name: 'Emma', last_name: 'Recruiter', role: 'Employer', active: true, phone: '+12145550123' };

beforeEach(() => mockApi.mockReset());

describe('EmployerEditDialog', () => {
  it('sends an emptied phone as empty, so the server refuses it on the field instead of keeping the old one', async () => {
    mockApi.mockRejectedValue(new ApiError('No phone provided', 422, [{ message: 'No phone provided', field: 'phone' }]));
    const user = userEvent.setup();
    renderWithProviders(<EmployerEditDialog userId={5} user={emma} onClose={jest.fn()} />);
    await user.clear(await screen.findByLabelText('Phone'));
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(mockApi).toHaveBeenCalledWith('/admin/employer/5', expect.objectContaining({ body: expect.objectContaining({ phone: '' }) })));
    expect(await screen.findByText('No phone provided')).toBeInTheDocument();
    expect(screen.queryByText('User saved')).not.toBeInTheDocument();
  });

  it('leaves the phone out for a user who never had one', async () => {
    mockApi.mockResolvedValue({ data: {} } as never);
    const user = userEvent.setup();
    renderWithProviders(<EmployerEditDialog userId={5} user={{ ...emma, phone: null }} onClose={jest.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(mockApi).toHaveBeenCalled());
    expect((mockApi.mock.calls[0][1] as { body: Record<string, unknown> }).body.phone).toBeUndefined();
  });
});
