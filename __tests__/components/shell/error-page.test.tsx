import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ErrorPage from '@/app/error';
import NotFound from '@/app/not-found';

describe('generic error page (spec §2)', () => {
  it("shows 'Oops!', the apology, the status and the message, and retries", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const reset = jest.fn();
    render(<ErrorPage error={Object.assign(new Error('Could not load the company'), { digest: 'abc123' })} reset={reset} />);
    expect(screen.getByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, an unexpected error has occurred.')).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByText('Could not load the company (reference abc123)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reset).toHaveBeenCalled();
  });

  it('uses the status an error carries', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render(<ErrorPage error={Object.assign(new Error('Forbidden'), { status: 403 })} reset={() => {}} />);
    expect(screen.getByText('403')).toBeInTheDocument();
  });

  it('says plainly when a page does not exist', () => {
    render(<NotFound />);
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  });
});
