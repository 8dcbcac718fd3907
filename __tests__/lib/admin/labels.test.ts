import { mmss, secondsLeft } from '@/lib/auth/countdown';
import { canUnsubscribe, capitalised, subscriptionLabel, usDate } from '@/lib/subscriptions/labels';
import { cancelSubscriptionSchema } from '@/lib/subscriptions/schemas';

describe('the impersonation countdown', () => {
  it('shows mm:ss from 600 s and never goes below zero', () => {
    expect(mmss(600)).toBe('10:00');
    expect(mmss(599)).toBe('09:59');
    expect(mmss(59)).toBe('00:59');
    expect(mmss(-3)).toBe('00:00');
    expect(secondsLeft(10_500, 10_000)).toBe(1);
    expect(secondsLeft(9_000, 10_000)).toBe(0);
  });
});

describe('the Driver List words', () => {
  it('names the kinds, capitalises tier and type, writes US dates, and blocks Unsubscribe when cancelled or expired', () => {
    expect(subscriptionLabel('healthcare')).toBe('HealthRX');
    expect(subscriptionLabel('road_assistance')).toBe('Roadside Assistance');
    expect(capitalised('individual')).toBe('Individual');
    expect(capitalised('pre_subscribed')).toBe('Pre subscribed');
    expect(capitalised(null)).toBe('-');
    expect(usDate('2026-03-05T23:30:00Z')).toBe('03/05/2026');
    // The portal zone's day, as the company's own lists show it: 9:30 pm Eastern on the 5th is the 6th in UTC.
    expect(usDate('2026-03-06T02:30:00Z')).toBe('03/05/2026');
    const now = new Date('2026-06-01T00:00:00Z');
    expect(canUnsubscribe({ renewalCanceledAt: null, expirationDate: '2026-07-01T00:00:00Z' }, now)).toBe(true);
    expect(canUnsubscribe({ renewalCanceledAt: '2026-05-01T00:00:00Z', expirationDate: '2026-07-01T00:00:00Z' }, now)).toBe(false);
    expect(canUnsubscribe({ renewalCanceledAt: null, expirationDate: '2026-05-31T00:00:00Z' }, now)).toBe(false);
  });
});

describe('the cancel payload', () => {
  it('keeps a listed reason by its label and cuts the Other text to 250 characters', () => {
    expect(cancelSubscriptionSchema.parse({ reason_code: 1 })).toEqual({ code: 1, reason: 'Unhappy with the coverage' });
    expect(cancelSubscriptionSchema.parse({ reason_code: 6, renewal_cancellation_reason: 'y'.repeat(400) }).reason).toHaveLength(250);
    expect(cancelSubscriptionSchema.parse({ renewal_cancellation_reason: 'Too expensive' })).toEqual({ code: 6, reason: 'Too expensive' });
    expect(cancelSubscriptionSchema.safeParse({ reason_code: 6, renewal_cancellation_reason: '  ' }).success).toBe(false);
    expect(cancelSubscriptionSchema.safeParse({}).success).toBe(false);
  });
});
