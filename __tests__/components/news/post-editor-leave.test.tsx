import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PostEditor } from '@/components/news/post-editor';
import { api } from '@/lib/api/client';
import { leavingAsks } from '../../helpers/leaving';

/*
 * A post is long work: while the form holds changes that are not saved, reloading or closing the
 * tab asks first (the browser's beforeunload prompt). Opened and left alone, or just saved, it
 * leaves without asking.
 */

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }) }));
jest.mock('@/components/editor/lazy-editor', () => ({
  LazyRichTextEditor: ({ onChange }: { onChange: (json: string) => void }) => <textarea aria-label="Body" onChange={(e) => onChange(e.target.value)} />,
}));

const SAVED = { id: 12, title: 'Fuel stops on I-40', body: null, body_html: '<p>Open all night</p>', status: 'Inactive' as const, scheduled_at: null };

beforeEach(() => {
  mockApi.mockReset();
  mockApi.mockResolvedValue({ data: { id: 12 } } as never);
});

describe('the post editor asks before unsaved work is lost', () => {
  it('leaves a form opened and left alone without asking', () => {
    render(<PostEditor channelId={3} post={SAVED} />);
    expect(leavingAsks()).toBe(false);
  });

  it('asks once the title, the body or the publishing choice changed, and not once the change is undone', async () => {
    const user = userEvent.setup();
    render(<PostEditor channelId={3} />);
    const title = screen.getByLabelText(/^Title/);
    await user.type(title, 'Chains required');
    expect(leavingAsks()).toBe(true);
    await user.clear(title);
    expect(leavingAsks()).toBe(false);

    await user.type(screen.getByLabelText('Body'), 'x');
    expect(leavingAsks()).toBe(true);
    await user.clear(screen.getByLabelText('Body'));
    await user.click(screen.getByLabelText('Publish now'));
    expect(leavingAsks()).toBe(true);
  });

  it('stops asking once the post is saved (the page stays mounted after an edit)', async () => {
    const user = userEvent.setup();
    render(<PostEditor channelId={3} post={SAVED} />);
    await user.type(screen.getByLabelText(/^Title/), ', updated');
    expect(leavingAsks()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save post' }));
    await waitFor(() => expect(mockApi).toHaveBeenCalledWith('/news/channels/posts/12', expect.objectContaining({ method: 'PUT' })));
    await waitFor(() => expect(leavingAsks()).toBe(false));
  });
});
