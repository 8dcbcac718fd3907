import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POST_CREATED, POST_UPDATED, PostEditor } from '@/components/news/post-editor';
import { ApiError, api } from '@/lib/api/client';
import { staleEdit } from '@/lib/api/if-match';

/*
 * After a save the page says what happened: "Post created." on the new post's page, "Updated
 * successfully" after an edit. The message goes with the next edit or save attempt (it stood beside
 * a later refusal), and ?created=1 leaves the address so a reload does not say it again.
 * A save that leaves the publishing choice alone does not send it: sent again, it read as a new
 * state, refused in an inactive channel where a news admin still edits.
 */

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, replace: jest.fn(), refresh: jest.fn() }) }));
jest.mock('@/components/editor/lazy-editor', () => ({
  LazyRichTextEditor: ({ onChange }: { onChange: (json: string) => void }) => <textarea aria-label="Body" onChange={(e) => onChange(e.target.value)} />,
}));

const LIVE = { id: 12, title: 'Fuel stops on I-40', body: null, body_html: '<p>Open all night</p>', status: 'POSTED' as const, scheduled_at: null };

beforeEach(() => {
  mockApi.mockReset();
  push.mockReset();
  mockApi.mockResolvedValue({ data: { id: 12 } } as never);
});

describe('the post editor says what a save did', () => {
  it('opens a new post on its page as created, says so, and drops ?created=1 from the address', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<PostEditor channelId={3} />);
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Chains required');
    await user.click(screen.getByRole('button', { name: 'Save post' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/news/posts/12?created=1'));
    unmount();

    window.history.replaceState(null, '', '/news/posts/12?created=1');
    render(<PostEditor channelId={3} post={{ ...LIVE, status: 'Inactive' }} created />);
    expect(screen.getByRole('status')).toHaveTextContent(POST_CREATED);
    expect(screen.queryByText(POST_UPDATED)).toBeNull();
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('says an edit was saved, and takes the message away on the next edit and on a refused save', async () => {
    const user = userEvent.setup();
    render(<PostEditor channelId={3} post={LIVE} />);
    const title = screen.getByRole('textbox', { name: /^Title/ });
    await user.type(title, ', updated');
    await user.click(screen.getByRole('button', { name: 'Save post' }));
    expect(await screen.findByRole('status')).toHaveTextContent(POST_UPDATED);
    await user.type(title, ' again');
    expect(screen.queryByText(POST_UPDATED)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save post' }));
    expect(await screen.findByText(POST_UPDATED)).toBeInTheDocument();
    // Saved again unchanged and refused: the refusal stands alone.
    mockApi.mockRejectedValueOnce(new ApiError('Unprocessable', 422, [{ field: 'title', message: 'Keep the title under 200 characters.' }]));
    await user.click(screen.getByRole('button', { name: 'Save post' }));
    expect(await screen.findByText('Keep the title under 200 characters.')).toBeInTheDocument();
    expect(screen.queryByText(POST_UPDATED)).toBeNull();
  });

  it('sends the publishing choice only when it changed', async () => {
    const user = userEvent.setup();
    render(<PostEditor channelId={3} post={LIVE} />);
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), ', updated');
    await user.click(screen.getByRole('button', { name: 'Save post' }));
    await waitFor(() => expect(mockApi).toHaveBeenCalledTimes(1));
    expect(mockApi.mock.calls[0][1]?.body).toEqual({ title: 'Fuel stops on I-40, updated', body: '<p>Open all night</p>' });

    await user.click(screen.getByLabelText('Keep inactive'));
    await user.click(screen.getByRole('button', { name: 'Save post' }));
    await user.click(screen.getByRole('button', { name: 'Take the post down' }));
    await waitFor(() => expect(mockApi).toHaveBeenCalledTimes(2));
    expect(mockApi.mock.calls[1][1]?.body).toMatchObject({ is_active: false, scheduled_at: null, status: 'Inactive' });
  });
});

describe('the post editor does not write over a save made elsewhere (If-Match)', () => {
  it('sends the version it opened, then the one its own save answered; refused (412), it says so and keeps the text', async () => {
    const user = userEvent.setup();
    render(<PostEditor channelId={3} post={{ ...LIVE, updated_at: '2026-03-02T10:20:30.456Z' }} />);
    const title = screen.getByRole('textbox', { name: /^Title/ });
    mockApi.mockResolvedValueOnce({ data: { id: 12, updated_at: '2026-03-02T10:25:00.001Z' } } as never);
    await user.type(title, ', updated');
    await user.click(screen.getByRole('button', { name: 'Save post' }));
    expect(await screen.findByRole('status')).toHaveTextContent(POST_UPDATED);
    expect(mockApi.mock.calls[0][1]?.headers).toEqual({ 'if-match': '"2026-03-02T10:20:30.456Z"' });

    const stale = staleEdit('post');
    mockApi.mockRejectedValueOnce(new ApiError(stale, 412, [{ message: stale }]));
    await user.type(title, ' again');
    await user.click(screen.getByRole('button', { name: 'Save post' }));
    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(mockApi.mock.calls[1][1]?.headers).toEqual({ 'if-match': '"2026-03-02T10:25:00.001Z"' });
    expect(title).toHaveValue('Fuel stops on I-40, updated again');
    expect(screen.queryByText(POST_UPDATED)).toBeNull();
  });
});
