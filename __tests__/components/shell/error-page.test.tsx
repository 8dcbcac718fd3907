import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ErrorPage from '@/app/error';
import GlobalError from '@/app/global-error';
import NotFound from '@/app/not-found';

describe('generic error page (spec §2)', () => {
  it("shows 'Oops!', the apology, the status and its text with a reference, and retries", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const reset = jest.fn();
    render(<ErrorPage error={Object.assign(new Error('Could not load the company'), { digest: 'abc123' })} reset={reset} />);
    expect(screen.getByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, an unexpected error has occurred.')).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByText('Internal server error (reference abc123)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reset).toHaveBeenCalled();
  });

  it('uses the status an error carries', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render(<ErrorPage error={Object.assign(new Error('Forbidden'), { status: 403 })} reset={() => {}} />);
    expect(screen.getByText('403')).toBeInTheDocument();
  });

  const minified = Object.assign(
    new Error('Minified React error #418; visit https://react.dev/errors/418?args[]= for the full message or use the non-minified dev environment for full errors and additional helpful warnings.'),
    { stack: 'Error: Minified React error #418\n    at rk (webpack-internal:///./chunk.js:1:2)', digest: '2954771012' },
  );

  it.each([
    ['the error page', ErrorPage],
    ['the root error page', GlobalError],
  ])('%s never shows an error message, a stack or a minified code, and offers a way back', (_, Page) => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render(<Page error={minified} reset={() => {}} />, { container: document.documentElement });
    expect(screen.getByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Minified|react\.dev|#418|webpack|at rk/);
    expect(screen.getByText('Internal server error (reference 2954771012)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  });

  it('says plainly when a page does not exist', () => {
    render(<NotFound />);
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  });
});
