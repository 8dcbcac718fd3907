import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignupForm } from '@/components/signup/signup-form';
import { FastLoginForm } from '@/components/signup/fast-login-form';
import { AuthFrame } from '@/components/shell/auth-frame';
import { ToastProvider } from '@/components/ui/toast';
import { api, errorMessage, NETWORK_ERROR } from '@/lib/api/client';
import { SIGNUP_FAILED } from '@/lib/accounts/schemas';

jest.mock('next/navigation', () => ({
  usePathname: () => '/signup',
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), refresh: jest.fn() }),
}));

const EMPTY_PREFILL = { email: '', confirmEmail: '', firstName: '', lastName: '', phone: '', fromLanding: false };

let onLine: jest.SpyInstance;
beforeEach(() => {
  window.localStorage.clear();
  document.cookie = 'termsAccepted=true; Path=/';
  // What Chromium does with the network gone: fetch rejects with a TypeError.
  global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
  onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(() => onLine.mockRestore());

const inFrame = (ui: React.ReactElement) =>
  render(
    <ToastProvider>
      <AuthFrame productName="TNA" version="1.0.0">
        {ui}
      </AuthFrame>
    </ToastProvider>,
  );

describe('going offline (spec §8: no response gives the communication message)', () => {
  it('the API client says there was a problem with communication, for a failed fetch and for a browser that knows it is offline', async () => {
    await expect(api('/jobs')).rejects.toMatchObject({ message: NETWORK_ERROR, status: 0 });
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR);
    onLine.mockReturnValue(false);
    (global.fetch as jest.Mock).mockClear();
    await expect(api('/jobs')).rejects.toMatchObject({ message: NETWORK_ERROR });
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('sign-up shows the communication message, not the sign-up failure', async () => {
    inFrame(<SignupForm prefill={EMPTY_PREFILL} productName="TNA" />);
    await userEvent.type(screen.getByLabelText('Work email'), 'new.owner@fleet.test');
    await userEvent.click(screen.getByRole('button', { name: /continue/i }));
    await waitFor(() => expect(screen.getByText(NETWORK_ERROR)).toBeInTheDocument());
    expect(screen.queryByText(SIGNUP_FAILED)).not.toBeInTheDocument();
  });

  it('creating a company from a driver account tells the person the network failed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    onLine.mockReturnValue(false);
    inFrame(<FastLoginForm email="driver@demo.test" checkedDriver />);
    await userEvent.type(screen.getByLabelText('Password'), 'Demo1234!');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByText(NETWORK_ERROR)).toBeInTheDocument());
  });
});
