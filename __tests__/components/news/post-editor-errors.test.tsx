import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PostEditor } from '@/components/news/post-editor';
import { ApiError, api } from '@/lib/api/client';

/*
 * A refused save says what is wrong where it is wrong: the title's message under the Title field
 * (it showed only beside Save), gone once a title is typed; the schedule's at its own labelled field.
 */

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }) }));
jest.mock('@/components/editor/lazy-editor', () => ({
  LazyRichTextEditor: ({ onChange }: { onChange: (json: string) => void }) => <textarea aria-label="Body" onChange={(e) => onChange(e.target.value)} />,
}));

beforeEach(() => mockApi.mockReset());

describe('the post editor shows refusals at their fields', () => {
  it("puts the server's title message under Title, focuses it, and clears it when a title is typed", async () => {
    mockApi.mockRejectedValue(new ApiError('Unprocessable', 422, [{ field: 'title', message: 'Enter the post title.' }]));
    const user = userEvent.setup();
    render(<PostEditor channelId={3} />);
    await user.click(screen.getByRole('button', { name: 'Save post' }));
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    expect(await screen.findByText('Enter the post title.')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveFocus();
    await user.type(title, 'Chains required on I-80');
    expect(screen.queryByText('Enter the post title.')).toBeNull();
    expect(title).not.toHaveAttribute('aria-invalid');
  });

  it('asks for the schedule at its own labelled field, not beside Save', async () => {
    const user = userEvent.setup();
    render(<PostEditor channelId={3} />);
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Winter driving');
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    await user.click(screen.getByRole('button', { name: 'Save post' }));
    const when = screen.getByLabelText('Publish at (ET)');
    expect(when).toHaveAttribute('aria-invalid', 'true');
    expect(when).toHaveAccessibleDescription('Choose the date and time to publish the post.');
    expect(mockApi).not.toHaveBeenCalled();
  });
});
