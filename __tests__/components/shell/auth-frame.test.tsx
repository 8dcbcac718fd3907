import { render, screen } from '@testing-library/react';
import { AuthFrame } from '@/components/shell/auth-frame';

let mockPath = '/admin-login';
jest.mock('next/navigation', () => ({ usePathname: () => mockPath, useSearchParams: () => new URLSearchParams() }));

describe('auth backdrop', () => {
  it.each(['/admin-login', '/login'])('promises nothing the product does not do (no impersonation yet) on %s', async (path) => {
    mockPath = path;
    render(
      <AuthFrame productName="TNA" version="1.0.0">
        <p>form</p>
      </AuthFrame>,
    );
    expect(await screen.findByText(/Manage companies|Post a job in minutes/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/imperson/i);
  });
});
