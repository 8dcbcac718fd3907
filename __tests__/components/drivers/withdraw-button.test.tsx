import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WithdrawButton } from '@/components/drivers/withdraw-button';
import { ToastProvider } from '@/components/ui/toast';
import { api, ApiError } from '@/lib/api/client';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh }) }));

beforeEach(() => {
  mockApi.mockReset();
  refresh.mockReset();
});

function renderWithdraw(jobOpen = true) {
  return render(
    <ToastProvider>
      <main id="main" tabIndex={-1}>
        <WithdrawButton applicationId={41} jobTitle="CDL-A Regional" companyName="Demo Freight Lines" jobOpen={jobOpen} />
      </main>
    </ToastProvider>,
  );
}

describe('WithdrawButton', () => {
  it('asks first, says what happens, and Keep it sends nothing', async () => {
    const user = userEvent.setup();
    renderWithdraw();
    await user.click(screen.getByRole('button', { name: 'Withdraw your application to CDL-A Regional' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this application?' });
    expect(dialog).toHaveTextContent('Demo Freight Lines will no longer see your application to CDL-A Regional, or anything they noted on it. You can apply again while the job is open.');
    // Enter on the opened question never withdraws: the safe answer has the focus.
    expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockApi).not.toHaveBeenCalled();
  });

  it('withdraws on confirm, refreshes the list, says so, and puts the focus on the page (the row goes away)', async () => {
    mockApi.mockResolvedValue({ data: { id: 41 } });
    const user = userEvent.setup();
    renderWithdraw(false);
    await user.click(screen.getByRole('button', { name: /Withdraw your application/ }));
    const dialog = await screen.findByRole('dialog');
    // A closed job cannot be applied to again: the question does not promise it.
    expect(dialog).not.toHaveTextContent('apply again');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(mockApi).toHaveBeenCalledWith('/members/applications/41', { method: 'DELETE' });
    expect(await screen.findByText('Your application to CDL-A Regional has been withdrawn.')).toBeInTheDocument();
    expect(document.getElementById('main')).toHaveFocus();
  });

  it("shows the server's reason when it refuses, and the question stays open to try again", async () => {
    mockApi.mockRejectedValue(new ApiError('You have withdrawn many applications today. Please try again in 3 hours.', 429, [{ message: 'You have withdrawn many applications today. Please try again in 3 hours.' }]));
    const user = userEvent.setup();
    renderWithdraw();
    await user.click(screen.getByRole('button', { name: /Withdraw your application/ }));
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('You have withdrawn many applications today. Please try again in 3 hours.')).toBeInTheDocument();
    expect(refresh).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
