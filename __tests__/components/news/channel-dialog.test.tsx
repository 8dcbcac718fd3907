import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChannelDialog } from '@/components/news/channel-dialog';
import { ApiError, api } from '@/lib/api/client';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }) }));

beforeEach(() => {
  mockApi.mockReset();
  mockApi.mockResolvedValue({ data: { id: 9 } } as never);
});

describe('ChannelDialog', () => {
  it('opens blank again after creating a channel, so a second Create never repeats the last one', async () => {
    const user = userEvent.setup();
    render(<ChannelDialog trigger="New channel" />);
    await user.click(screen.getByRole('button', { name: 'New channel' }));
    await user.type(await screen.findByLabelText('Name'), 'Road news');
    await user.click(screen.getByRole('button', { name: 'Create channel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockApi).toHaveBeenCalledWith('/news/channels', expect.objectContaining({ method: 'POST', body: expect.objectContaining({ name: 'Road news' }) }));
    await user.click(screen.getByRole('button', { name: 'New channel' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('');
  });

  it('asks before deactivating a live channel: the first save warns and sends nothing, the second deactivates', async () => {
    const user = userEvent.setup();
    render(<ChannelDialog trigger="Edit" channel={{ id: 4, name: 'Safety', description: null, channel_type: 'safety', is_active: true }} />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(await screen.findByLabelText('Active'));
    await user.click(screen.getByRole('button', { name: 'Save channel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('takes every post of this channel off the site');
    expect(mockApi).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Deactivate channel' }));
    await waitFor(() => expect(mockApi).toHaveBeenCalledWith('/news/channels/4', expect.objectContaining({ method: 'PUT', body: expect.objectContaining({ is_active: false }) })));
  });
});

describe('ChannelDialog refusals', () => {
  it("says the server's message under its field, marks and focuses it, and clears it when the field is typed in", async () => {
    mockApi.mockRejectedValueOnce(new ApiError('Unprocessable', 422, [{ field: 'name', message: 'Enter the channel name.' }]));
    const user = userEvent.setup();
    render(<ChannelDialog trigger="New channel" />);
    await user.click(screen.getByRole('button', { name: 'New channel' }));
    await user.click(await screen.findByRole('button', { name: 'Create channel' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Enter the channel name.');
    expect(name).toHaveFocus();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await user.type(name, 'Road news');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter the channel name.')).toBeNull();
  });
});
