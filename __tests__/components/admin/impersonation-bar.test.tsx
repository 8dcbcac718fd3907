import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImpersonationBar, SESSION_EXPIRED_TITLE } from '@/components/admin/impersonation-bar';
import { hardNavigate } from '@/components/shell/navigate';
import { leaveImpersonation, renewImpersonation } from '@/lib/auth/impersonation-client';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/components/shell/navigate', () => ({ hardNavigate: jest.fn() }));
jest.mock('@/lib/auth/impersonation-client', () => ({ renewImpersonation: jest.fn(), leaveImpersonation: jest.fn(), startImpersonation: jest.fn() }));

const info = { userId: 5, userName: 'Emma Recruiter', companyId: 1, companyName: 'Demo Freight Lines', adminName: 'Adam Admin', expiresAt: 0, expiresInMs: 600_000 };

describe('the impersonation bar (accounts spec §4)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('counts down from 10:00, shows "Session has expired." at 0, renews to 10:00, and leaves to the Admin Portal', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    (renewImpersonation as jest.Mock).mockResolvedValue({ impersonation: { ...info, expiresInMs: 600_000 }, redirect: '/company/jobs' });
    (leaveImpersonation as jest.Mock).mockResolvedValue({ impersonation: null, redirect: '/admin/company-list' });
    renderWithProviders(<ImpersonationBar info={info} />);
    expect(screen.getByRole('region', { name: 'Impersonation' })).toHaveTextContent('Adam Admin is acting as Emma Recruiter of Demo Freight Lines');
    expect(screen.getByTestId('session-countdown')).toHaveTextContent('10:00');
    act(() => jest.advanceTimersByTime(61_000));
    expect(screen.getByTestId('session-countdown')).toHaveTextContent('08:59');
    act(() => jest.advanceTimersByTime(540_000));
    expect(screen.getByTestId('session-countdown')).toHaveTextContent('00:00');
    const dialog = await screen.findByRole('dialog', { name: SESSION_EXPIRED_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(renewImpersonation).toHaveBeenCalled();
    expect(await screen.findByText('10:00')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: SESSION_EXPIRED_TITLE })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(leaveImpersonation).toHaveBeenCalled();
    await act(async () => undefined);
    expect(hardNavigate).toHaveBeenCalledWith('/admin/company-list');
  });
});
