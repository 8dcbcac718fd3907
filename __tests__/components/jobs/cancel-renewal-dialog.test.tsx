import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CHOOSE_REASON,
  CancelRenewalDialog,
  OTHER_REASON_REQUIRED,
  OTHER_REASON_TOO_LONG,
  renewalReason,
} from '@/components/jobs/list/cancel-renewal-dialog';

function setup() {
  const onConfirm = jest.fn();
  render(<CancelRenewalDialog open onOpenChange={() => {}} jobTitle="Dry Van Driver" onConfirm={onConfirm} />);
  return { onConfirm, submit: () => userEvent.click(screen.getByRole('button', { name: 'Cancel renewal' })) };
}

describe('CancelRenewalDialog', () => {
  it('offers the three reasons and requires a choice', async () => {
    const { onConfirm, submit } = setup();
    // The dialog's library loads on first open (components/ui/dialog.tsx).
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    for (const r of ['No longer want the service', 'Unhappy with the coverage', 'Other']) expect(screen.getByRole('radio', { name: r })).toBeInTheDocument();
    await submit();
    expect(await screen.findByText(CHOOSE_REASON)).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('sends a listed reason as is', async () => {
    const { onConfirm, submit } = setup();
    await userEvent.click(screen.getByRole('radio', { name: 'Unhappy with the coverage' }));
    await submit();
    expect(onConfirm).toHaveBeenCalledWith('Unhappy with the coverage');
  });

  it('requires a text of at most 250 characters for Other', async () => {
    const { onConfirm, submit } = setup();
    await userEvent.click(screen.getByRole('radio', { name: 'Other' }));
    await submit();
    expect(await screen.findByText(OTHER_REASON_REQUIRED)).toBeInTheDocument();

    const box = screen.getByLabelText('Tell us more');
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(251));
    await submit();
    expect(await screen.findByText(OTHER_REASON_TOO_LONG)).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.clear(box);
    await userEvent.type(box, '  We hired through a referral  ');
    await submit();
    expect(onConfirm).toHaveBeenCalledWith('We hired through a referral');
  });

  it('has the same rules as a function', () => {
    expect(renewalReason('', '')).toEqual({ error: CHOOSE_REASON, field: 'choice' });
    expect(renewalReason('Other', '   ')).toEqual({ error: OTHER_REASON_REQUIRED, field: 'other' });
    expect(renewalReason('Other', 'y'.repeat(250))).toEqual({ reason: 'y'.repeat(250) });
    expect(renewalReason('No longer want the service', 'ignored')).toEqual({ reason: 'No longer want the service' });
  });
});
