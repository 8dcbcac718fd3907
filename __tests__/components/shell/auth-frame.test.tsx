import { render, screen } from '@testing-library/react';
import { AuthFrame } from '@/components/shell/auth-frame';

let mockPath = '/admin-login';
let mockSearch = '';
jest.mock('next/navigation', () => ({ usePathname: () => mockPath, useSearchParams: () => new URLSearchParams(mockSearch) }));

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

  it("speaks to a driver on the driver's sign-up, not of hiring drivers", async () => {
    mockPath = '/signup';
    mockSearch = 'role=driver';
    render(
      <AuthFrame productName="TNA" version="1.0.0">
        <p>form</p>
      </AuthFrame>,
    );
    expect(await screen.findByText('For drivers')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/For employers|Hire CDL drivers/);
    mockSearch = '';
  });
});

describe('auth frame first paint', () => {
  it('holds the first paint until the form column is parsed whole: the render-blocking expect link names an element after <main>', () => {
    render(
      <AuthFrame productName="TNA" version="1.0.0">
        <form aria-label="Sign in" />
      </AuthFrame>,
    );
    const link = document.querySelector<HTMLLinkElement>('link[rel="expect"]');
    expect(link?.getAttribute('blocking')).toBe('render');
    const target = document.getElementById(link!.getAttribute('href')!.replace(/^#/, ''));
    expect(target).not.toBeNull();
    const main = screen.getByRole('main');
    expect(main.contains(screen.getByRole('form', { name: 'Sign in' }))).toBe(true);
    expect(main.compareDocumentPosition(target!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(main.contains(target)).toBe(false);
  });
});
