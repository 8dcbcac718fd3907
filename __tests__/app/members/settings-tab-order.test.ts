import { SETTINGS_TABS } from '@/app/(members)/members/settings/tabs';

// The one that cannot be undone comes last, not second (Profile | Delete account | Password …).
it('lists Delete account as the last settings tab', () => {
  expect(SETTINGS_TABS.map((t) => t.label)).toEqual(['Profile', 'Password', 'Time zone & picture', 'Sessions', 'Delete account']);
});
