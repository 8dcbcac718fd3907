import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PauseResumeButton } from '@/components/ads/pause-button';
import { api } from '@/lib/api/client';

/*
 * /ads/manage: Pause/Resume changed the status but focus fell to <body> (the button was disabled
 * while saving). Focus stays on the same button, labelled the other way once saved.
 */

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh }) }));
jest.mock('@/components/ui/toast', () => ({ useToast: () => ({ show: jest.fn() }) }));

it('keeps focus on the button, never disabled while saving, and relabels it Resume then Pause', async () => {
  let finish: (v: unknown) => void = () => {};
  mockApi.mockImplementation(() => new Promise((resolve) => (finish = resolve)) as never);
  const user = userEvent.setup();
  const { rerender } = render(<PauseResumeButton id={4} name="Winter tires" status="active" />);
  await user.click(screen.getByRole('button', { name: 'Pause Winter tires' }));
  const saving = screen.getByRole('button', { name: 'Pause Winter tires' });
  expect(saving).not.toBeDisabled(); // a disabled button drops focus to <body>
  expect(saving).toHaveAttribute('aria-disabled', 'true');
  expect(saving).toHaveFocus();
  await act(async () => finish({ data: {} }));
  expect(mockApi).toHaveBeenCalledWith('/ads/4', { method: 'PATCH', body: { status: 'paused' } });
  expect(screen.getByRole('button', { name: 'Resume Winter tires' })).toHaveFocus();
  expect(refresh).toHaveBeenCalled();

  // The redrawn grid brings the new status; a row moved by the redraw takes focus back.
  (document.activeElement as HTMLElement).blur();
  rerender(<PauseResumeButton id={4} name="Winter tires" status="paused" />);
  expect(screen.getByRole('button', { name: 'Resume Winter tires' })).toHaveFocus();
});
