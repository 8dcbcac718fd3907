import { mailTemplates } from '@/lib/mail/templates';

const failed = (reason?: string) =>
  mailTemplates.failed_payments({ firstName: 'Emma', jobTitle: 'CDL-A Regional', amountCents: 45_000, reason, billingUrl: 'https://jobs.example.com/company/settings/payment' }).text;

describe('the failed payment mail', () => {
  it("quotes the refusal as one sentence, the gateway's or the app's own, with one full stop", () => {
    expect(failed('Your card was declined.')).toContain('We could not charge $450.00 for "CDL-A Regional". Reason: Your card was declined.\n');
    expect(failed('Add a card to pay.')).toContain('Reason: Add a card to pay.\n');
    expect(failed('Insufficient funds')).toContain('Reason: Insufficient funds.\n');
    expect(failed('Do not honor. ')).toContain('Reason: Do not honor.\n');
    expect(failed()).toContain('We could not charge $450.00 for "CDL-A Regional".\n');
    expect(failed('   ')).toContain('We could not charge $450.00 for "CDL-A Regional".\n');
    expect(failed('Declined . . ')).toContain('Reason: Declined.\n');
    expect(failed('Why?')).toContain('Reason: Why?\n');
    expect(failed('Your card was declined.')).not.toMatch(/\.\./);
  });
});
