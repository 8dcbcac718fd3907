import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApplyButton } from '@/components/drivers/apply-button';
import { AppliedStatus } from '@/components/drivers/applied-status';
import { ToastProvider } from '@/components/ui/toast';
import { api } from '@/lib/api/client';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh }) }));

beforeEach(() => {
  mockApi.mockReset();
  refresh.mockReset();
});

function renderApply(jobId = 4) {
  return render(
    <ToastProvider>
      <ApplyButton jobId={jobId} />
    </ToastProvider>,
  );
}

/** The page's "You applied on …" as the server renders it after the refresh. */
function Applied({ jobId }: { jobId: number }) {
  return (
    <AppliedStatus jobId={jobId}>
      <p>You applied on Nov 27, 2026</p>
    </AppliedStatus>
  );
}

describe('ApplyButton', () => {
  it('opens the message form on the textarea and, on Cancel, gives the focus back to Apply (it fell to the page)', async () => {
    const user = userEvent.setup();
    renderApply();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('textbox', { name: /Message to the company/ })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveFocus();
  });

  it('keyboard only: after Send application the confirmation has the focus (it fell to the body), then the page\'s "You applied on"', async () => {
    mockApi.mockResolvedValue({ data: { id: 1 } });
    const user = userEvent.setup();
    const { rerender } = renderApply(4);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.keyboard('I have 5 years of OTR.');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send application' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(mockApi).toHaveBeenCalledWith('/jobs/4/apply', { method: 'POST', body: { message: 'I have 5 years of OTR.' } });
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument();
    const sent = screen.getByText('Application sent.').closest('[role="status"]');
    expect(sent).not.toBeNull();
    expect(document.activeElement).toBe(sent);
    expect(sent).toHaveAttribute('tabindex', '-1');

    // The refresh replaces the button with the server's confirmation: the focus follows it.
    rerender(
      <ToastProvider>
        <Applied jobId={4} />
      </ToastProvider>,
    );
    const applied = screen.getByText(/You applied on/).closest('[role="status"]');
    expect(applied).not.toBeNull();
    expect(document.activeElement).toBe(applied);
  });

  it('keeps the form on a failed apply, with the error said', async () => {
    const { ApiError } = jest.requireActual('@/lib/api/client');
    mockApi.mockRejectedValue(new ApiError('You already applied to this job', 409));
    const user = userEvent.setup();
    renderApply(5);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('You already applied to this job')).toBeInTheDocument();
    expect(screen.queryByText('Application sent.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send application' })).toBeInTheDocument();
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('AppliedStatus', () => {
  it('does not take the focus on a plain visit to a job already applied to', () => {
    render(<Applied jobId={9} />);
    expect(screen.getByRole('status')).toHaveTextContent('You applied on');
    expect(screen.getByRole('status')).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);
  });
});
