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

describe('amounts in mails', () => {
  it('print as the PDF receipt prints them, with a thousands separator', () => {
    expect(failed('Your card was declined.')).toContain('We could not charge $450.00 for');
    const large = mailTemplates.failed_payments({ firstName: 'Emma', jobTitle: 'CDL-A Regional', amountCents: 125_000, billingUrl: 'https://jobs.example.com/company/settings/payment' });
    expect(large.text).toContain('We could not charge $1,250.00 for "CDL-A Regional".');
    expect(large.html).toContain('$1,250.00');
    const renewed = mailTemplates.auto_renew_job({ firstName: 'Emma', jobTitle: 'CDL-A Regional', amountCents: 125_000, expiresAt: '12/27/2026', jobUrl: 'https://jobs.example.com/jobs/1' });
    expect(renewed.text).toContain('was renewed automatically for $1,250.00. It now runs until 12/27/2026.');
  });
});
