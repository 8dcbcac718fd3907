import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';

// The App Router's next/dynamic (React.lazy; Jest resolves the package to the Pages Router's), with
// the loader 50 ms late: in the browser the dialog's code arrives over the network, here it would be
// there within a microtask, before React shows any fallback.
jest.mock('next/dynamic', () => {
  const actual = jest.requireActual('next/dist/shared/lib/app-dynamic').default;
  return {
    __esModule: true,
    default: (loader: () => Promise<unknown>, options?: object) => actual(() => new Promise((r) => setTimeout(r, 50)).then(loader), options),
  };
});
import { DialogFrame } from '@/components/ui/dialog-frame';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Edit channel
      </button>
      <DialogFrame open={open} onOpenChange={setOpen} title="Edit channel">
        <input aria-label="Name" />
      </DialogFrame>
    </>
  );
}

describe('a dialog opened by state (no Radix trigger)', () => {
  it('gives the focus back to the button that opened it when it closes with Escape or its close button', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Edit channel' });
    await user.click(opener);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    await user.tab({ shift: true });
    opener.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});

describe('a dialog whose code loads on first open (Dialog, next/dynamic)', () => {
  function LazyPage() {
    const [open, setOpen] = useState(false);
    return (
      <section aria-label="Delete account">
        <button type="button" onClick={() => setOpen(true)}>
          Delete account
        </button>
        <Dialog open={open} onOpenChange={setOpen} title="Are you sure?" />
      </section>
    );
  }

  it('leaves the page shown while it loads (it suspended up to the page, hid it and lost the opener) and returns the focus on Escape', async () => {
    const user = userEvent.setup();
    // The page's own boundary, as a route's loading state or a lazily loaded panel gives it.
    const { container } = render(
      <Suspense fallback={<p>Loading…</p>}>
        <LazyPage />
      </Suspense>,
    );
    const hidden: string[] = [];
    const watch = new MutationObserver((records) => records.forEach((r) => (r.target as HTMLElement).getAttribute?.('style')?.includes('display: none') && hidden.push((r.target as HTMLElement).tagName)));
    watch.observe(container, { attributes: true, subtree: true, attributeFilter: ['style'] });
    const opener = screen.getByRole('button', { name: 'Delete account' });
    await user.click(opener);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    watch.disconnect();
    expect(hidden).toEqual([]);
    expect(opener).toHaveFocus();
  });
});

describe('the focus moves into a dialog as it opens (it was left on the opener, or on the close button)', () => {
  function Opener({ children }: { children?: React.ReactNode }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <DialogFrame open={open} onOpenChange={setOpen} title="Edit company">
          {children}
        </DialogFrame>
      </>
    );
  }

  it('goes to the first field, not the close button', async () => {
    const user = userEvent.setup();
    render(
      <Opener>
        <p>Some text</p>
        <input aria-label="Company name" />
        <input aria-label="Email" />
      </Opener>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByLabelText('Company name')).toHaveFocus());
  });

  it('goes to the heading when the dialog has no field (a spinner, a message)', async () => {
    const user = userEvent.setup();
    render(
      <Opener>
        <p>Loading…</p>
      </Opener>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Edit company' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
  });
});
