import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddonsStep } from '@/components/jobs/wizard/addons-step';
import { NO_ADDONS_CHOSEN } from '@/lib/jobs/draft';
import { MESSAGES } from '@/lib/jobs/schemas';
import { renderWithProviders } from './helpers';

function setup(addressCount = 2) {
  const onSubmit = jest.fn();
  const onChange = jest.fn();
  renderWithProviders(
    <AddonsStep mode="new" initial={NO_ADDONS_CHOSEN} initialAutoRenew={false} addressCount={addressCount} saving={false} backHref="/back" summaryNote="You pay on the next step." onChange={onChange} onSubmit={onSubmit} />,
  );
  return { onSubmit, onChange };
}

const total = () => screen.getByTestId('order-total').textContent;

describe('AddonsStep', () => {
  it('keeps a running total: $150 per address plus boost $200, promote $100, hyperlink $100', async () => {
    setup(2);
    expect(total()).toBe('$300.00');
    await userEvent.click(screen.getByRole('checkbox', { name: /Boost/ }));
    expect(total()).toBe('$500.00');
    await userEvent.click(screen.getByRole('checkbox', { name: /Promote/ }));
    expect(total()).toBe('$600.00');
    await userEvent.click(screen.getByRole('checkbox', { name: /Hyperlink/ }));
    expect(total()).toBe('$700.00');
    await userEvent.click(screen.getByRole('checkbox', { name: /Boost/ }));
    expect(total()).toBe('$500.00');
    expect(screen.getByTestId('order-total-footer')).toHaveTextContent('$500.00');
  });

  it('asks the hyperlink add-on for a valid http(s) URL before continuing', async () => {
    const { onSubmit } = setup(1);
    await userEvent.click(screen.getByRole('checkbox', { name: /Hyperlink/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText(MESSAGES.hyperlinkUrl)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('External URL'), 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('External URL'));
    await userEvent.type(screen.getByLabelText('External URL'), 'https://careers.example.com/apply');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ boost: false, promote: false, hyperlink: true, externalUrl: 'https://careers.example.com/apply' }, false);
  });

  it('says what auto-renew charges: every period, for what the job has then (an add-on put off with Pay later included)', () => {
    setup(1);
    expect(screen.getByText(/With auto-renew it is charged again/)).toHaveTextContent(
      'The posting runs 30 days. With auto-renew it is charged again each period for everything it has then (its addresses and add-ons) and stays up; cancel any time from the job list.',
    );
  });

  it('reports every change (the draft keeps it) including auto-renew', async () => {
    const { onChange } = setup(1);
    await userEvent.click(screen.getByRole('checkbox', { name: /Boost/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Renew automatically/ }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ boost: true }), true);
  });

  it('editing a live job: the period\'s price apart, and as the total only what the next step charges (what is paid stays paid)', async () => {
    // Two paid addresses and a paid promote; ticking boost costs $200 now, not the period's $600.
    renderWithProviders(
      <AddonsStep
        mode="edit"
        initial={{ ...NO_ADDONS_CHOSEN, promote: true }}
        initialAutoRenew={false}
        addressCount={2}
        saving={false}
        backHref="/back"
        summaryNote="Add-ons you add to a live job are paid on the next step."
        live={{ unpaidAddresses: 0, paidAddons: ['promote'], paidPlaces: [], releasedPlaces: [] }}
        onSubmit={jest.fn()}
      />,
    );
    expect([total(), screen.getByTestId('order-period-total').textContent]).toEqual(['$0.00', '$400.00']);
    await userEvent.click(screen.getByRole('checkbox', { name: /Boost/ }));
    expect([total(), screen.getByTestId('order-period-total').textContent]).toEqual(['$200.00', '$600.00']);
    expect(screen.getByTestId('order-total-footer')).toHaveTextContent('$200.00');
    expect(screen.getByText('Due now', { selector: 'dt' })).toBeInTheDocument();
    // Promote taken off and put back within the period: paid, so still nothing more for it.
    await userEvent.click(screen.getByRole('checkbox', { name: /Promote/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Promote/ }));
    expect(total()).toBe('$200.00');
  });

  it('editing a live job with an address not paid yet: that address is due too', () => {
    renderWithProviders(
      <AddonsStep mode="edit" initial={NO_ADDONS_CHOSEN} initialAutoRenew={false} addressCount={3} saving={false} backHref="/back" summaryNote="" live={{ unpaidAddresses: 1, paidAddons: [], paidPlaces: [], releasedPlaces: [] }} onSubmit={jest.fn()} />,
    );
    expect([total(), screen.getByTestId('order-period-total').textContent]).toEqual(['$150.00', '$450.00']);
  });
});
