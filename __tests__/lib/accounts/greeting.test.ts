import { timeOfDayGreeting, welcomeHeading } from '@/lib/accounts/greeting';

describe('members home greeting', () => {
  const now = new Date('2026-11-27T15:00:00Z');

  it('greets an account opened in the last day with "Welcome", an older one with "Welcome back"', () => {
    expect(welcomeHeading('Riley', '2026-11-27T14:59:00Z', now)).toBe('Welcome, Riley');
    expect(welcomeHeading('Riley', '2026-11-26T15:00:01Z', now)).toBe('Welcome, Riley');
    expect(welcomeHeading('Riley', '2026-11-26T15:00:00Z', now)).toBe('Welcome back, Riley');
    expect(welcomeHeading('Riley', '2025-01-01T00:00:00Z', now)).toBe('Welcome back, Riley');
  });

  it('says the part of the day in the member’s own zone, US Eastern for an unknown one', () => {
    expect(timeOfDayGreeting('America/New_York', now)).toBe('Good morning'); // 10:00
    expect(timeOfDayGreeting('America/Los_Angeles', now)).toBe('Good morning'); // 07:00
    expect(timeOfDayGreeting('Europe/Berlin', now)).toBe('Good afternoon'); // 16:00
    expect(timeOfDayGreeting('Asia/Kolkata', now)).toBe('Good evening'); // 20:30
    expect(timeOfDayGreeting('Not/A_Zone', now)).toBe('Good morning'); // taken as 10:00 Eastern
  });
});
