/** The members home's greeting line and heading (app/(members)/members/home). */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Good morning, afternoon or evening in the member's own time zone. */
export function timeOfDayGreeting(timeZone: string, now = new Date()) {
  let hour = now.getUTCHours() - 5;
  try {
    hour = Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(now));
  } catch {
    /* an unknown zone: US Eastern's offset is close enough for a greeting */
  }
  hour = (hour + 24) % 24;
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

/**
 * "Welcome back" greets someone who has been here before; an account opened in the last day is
 * greeted "Welcome" (a brand-new member read "Welcome back" on their very first page).
 */
export function welcomeHeading(firstName: string, memberSince: string, now = new Date()) {
  const isNew = now.getTime() - new Date(memberSince).getTime() < DAY_MS;
  return `${isNew ? 'Welcome' : 'Welcome back'}, ${firstName}`;
}
