import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DRIVER_NOTICE, FastLoginForm } from '@/components/signup/fast-login-form';
import { AuthFrame } from '@/components/shell/auth-frame';
import { ToastProvider } from '@/components/ui/toast';

const mockReplace = jest.fn();
jest.mock('next/navigation', () => ({
  usePathname: () => '/fast-login',
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ replace: mockReplace, push: jest.fn(), refresh: jest.fn() }),
}));
const mockSignIn = jest.fn();
jest.mock('@/components/signup/sign-in', () => ({ signInInPlace: (...args: unknown[]) => mockSignIn(...args) }));

function renderForm(props: Partial<React.ComponentProps<typeof FastLoginForm>> = {}) {
  return render(
    <ToastProvider>
      <AuthFrame productName="TNA" version="1.0.0">
        <FastLoginForm email="driver@demo.test" checkedDriver {...props} />
      </AuthFrame>
    </ToastProvider>,
  );
}

beforeEach(() => {
  mockReplace.mockReset();
  mockSignIn.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

async function submit(password: string) {
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('fast login (driver to company)', () => {
  it('says "already registered as a driver" for the email the check found', () => {
    renderForm();
    expect(screen.getByText(DRIVER_NOTICE)).toBeInTheDocument();
  });

  it('makes no such claim for an email that only came from the address bar', () => {
    renderForm({ email: 'anyone@example.test', checkedDriver: false });
    expect(screen.queryByText(DRIVER_NOTICE)).not.toBeInTheDocument();
    expect(screen.queryByText(/already registered/i)).not.toBeInTheDocument();
    expect(screen.getByText('Enter the password of your driver account to create a company with it.')).toBeInTheDocument();
  });

  it('shows "This email or password is wrong." for a wrong password', async () => {
    mockSignIn.mockResolvedValue('This email or password is wrong.');
    renderForm();
    await submit('Wrong1234!');
    expect(await screen.findByText('This email or password is wrong.')).toBeInTheDocument();
    expect(mockReplace).not.toHaveBeenCalled();
  });

  it('shows the same text for next-auth’s generic failure code', async () => {
    mockSignIn.mockResolvedValue('CredentialsSignin');
    renderForm();
    await submit('Wrong1234!');
    expect(await screen.findByText('This email or password is wrong.')).toBeInTheDocument();
  });

  it('shows the refusal for an account that is not a driver', async () => {
    mockSignIn.mockResolvedValue('Only a driver account can create a company this way. Sign in to your account instead.');
    renderForm();
    await submit('Demo1234!');
    expect(await screen.findByText(/Only a driver account can create a company this way/)).toBeInTheDocument();
  });

  it('goes on to company info on success', async () => {
    mockSignIn.mockResolvedValue(null);
    renderForm();
    await submit('Demo1234!');
    expect(mockReplace).toHaveBeenCalledWith('/company-info');
  });
});
