import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApplyButton } from '@/components/drivers/apply-button';
import { ToastProvider } from '@/components/ui/toast';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }) }));

describe('ApplyButton', () => {
  it('opens the message form on the textarea and, on Cancel, gives the focus back to Apply (it fell to the page)', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <ApplyButton jobId={4} />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('textbox', { name: /Message to the company/ })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveFocus();
  });
});
