import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PostEditor } from '@/components/news/post-editor';
import { api } from '@/lib/api/client';
import { portalInputToDate, portalInputValue } from '@/lib/validation/portal-day';

/*
 * Portal times are Eastern (the portal's zone), whatever the browser's: "Publish at (ET)" 11/28/2026
 * 09:00 is 14:00 UTC (EST) and 07/15/2026 09:00 is 13:00 UTC (EDT), and a saved schedule shows back
 * in Eastern. The tester's UTC browser stored 09:00 UTC (4:00 AM EST); a Chicago one 15:00 UTC.
 */

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }) }));
jest.mock('@/components/editor/lazy-editor', () => ({
  LazyRichTextEditor: ({ onChange }: { onChange: (json: string) => void }) => <textarea aria-label="Body" onChange={(e) => onChange(e.target.value)} />,
}));

// Whatever zone Jest runs in, the browser's offset must not count: pretend it is UTC−6 (Chicago in winter) / UTC.
const offsetSpy = jest.spyOn(Date.prototype, 'getTimezoneOffset');
beforeEach(() => {
  mockApi.mockReset();
  mockApi.mockResolvedValue({ data: { id: 12 } } as never);
  offsetSpy.mockReturnValue(360);
});
afterAll(() => offsetSpy.mockRestore());

describe('portal-zone wall-clock times', () => {
  it.each([
    ['2026-11-28T09:00', '2026-11-28T14:00:00.000Z'], // winter, EST (UTC−5)
    ['2026-07-15T09:00', '2026-07-15T13:00:00.000Z'], // summer, EDT (UTC−4)
    ['2026-11-01T01:30', '2026-11-01T05:30:00.000Z'], // the repeated hour of the fall change: its first (EDT) pass
    ['2026-03-08T03:30', '2026-03-08T07:30:00.000Z'], // just after the spring change
  ])('reads %s Eastern as %s and back', (local, iso) => {
    expect(portalInputToDate(local)?.toISOString()).toBe(iso);
    expect(portalInputValue(new Date(iso))).toBe(local);
  });

  it('refuses what is not a date and time', () => {
    expect(portalInputToDate('')).toBeUndefined();
    expect(portalInputToDate('2026-11-28')).toBeUndefined();
  });
});

describe('the post editor schedules in Eastern time', () => {
  it.each([
    ['2026-11-28T09:00', '2026-11-28T14:00:00.000Z'],
    ['2026-07-15T09:00', '2026-07-15T13:00:00.000Z'],
  ])('sends "Publish at (ET)" %s as %s whatever the browser zone', async (local, iso) => {
    const user = userEvent.setup();
    render(<PostEditor channelId={3} />);
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Winter driving');
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    const field = screen.getByLabelText('Publish at (ET)');
    await user.clear(field);
    await user.type(field, local);
    await user.click(screen.getByRole('button', { name: 'Save post' }));
    await waitFor(() => expect(mockApi).toHaveBeenCalled());
    const body = JSON.stringify(mockApi.mock.calls[0]);
    expect(body).toContain(`"scheduled_at":"${iso}"`);
  });

  it('shows a saved schedule back in Eastern time', () => {
    render(
      <PostEditor
        channelId={3}
        post={{ id: 12, title: 'Chains', body: null, body_html: null, status: 'SCHEDULED', scheduled_at: '2026-11-28T14:00:00.000Z' }}
      />,
    );
    expect(screen.getByLabelText('Publish at (ET)')).toHaveValue('2026-11-28T09:00');
  });
});
