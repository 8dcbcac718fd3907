import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionMenu } from '@/components/ui/action-menu';

function setup() {
  const onClose = jest.fn();
  const onCancel = jest.fn();
  render(
    <>
      <button type="button">before</button>
      <ActionMenu
        label="Actions for Dry Van Driver"
        groups={[
          [{ label: 'View details', href: '/company/jobs/1/detail' }],
          [
            { label: 'Close job', onSelect: onClose },
            { label: 'Cancel job', onSelect: onCancel, danger: true },
          ],
        ]}
      >
        more
      </ActionMenu>
      <button type="button">elsewhere</button>
    </>,
  );
  return { trigger: screen.getByRole('button', { name: 'Actions for Dry Van Driver' }), onClose, onCancel };
}

describe('ActionMenu (menu button pattern)', () => {
  it('opens on the first item from the keyboard, moves with the arrows, Home and End, and Escape gives the focus back', async () => {
    const { trigger } = setup();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['View details', 'Close job', 'Cancel job']);
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(items[2]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{Home}');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('ArrowUp opens on the last item; choosing an action closes the menu, then runs it', async () => {
    const { trigger, onCancel } = setup();
    trigger.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Cancel job' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('a click elsewhere closes it without running anything', async () => {
    const { trigger, onClose, onCancel } = setup();
    await userEvent.click(trigger);
    expect(screen.getByRole('menu', { name: 'Actions for Dry Van Driver' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'View details' })).toHaveAttribute('href', '/company/jobs/1/detail');
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('Tab closes it and moves on to the control after the button, not round to the top of the page', async () => {
    const { trigger } = setup();
    trigger.focus();
    await userEvent.keyboard('{Enter}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Close job' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'elsewhere' })).toHaveFocus();
  });

  it('Shift+Tab closes it and moves to the control before the button', async () => {
    const { trigger } = setup();
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab({ shift: true });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'before' })).toHaveFocus();
  });

  it('items show the buttons\' 2 px focus ring, not only a faint background', async () => {
    const { trigger } = setup();
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    for (const item of screen.getAllByRole('menuitem')) {
      expect(item).toHaveClass('focus-visible:outline-2', 'focus-visible:outline-brand-500');
      // outline-none (Tailwind 4) sets --tw-outline-style: none, which would hide the ring.
      expect(item).not.toHaveClass('outline-none');
    }
  });
});
