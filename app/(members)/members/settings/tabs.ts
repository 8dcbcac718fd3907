/** The members settings tabs, shared by the page (server) and the tab strip (client): a client module's array is only a reference on the server. */
export type SettingsTab = 'profile' | 'delete-account' | 'password' | 'preferences' | 'sessions';

export const SETTINGS_TABS: { value: SettingsTab; label: string }[] = [
  { value: 'profile', label: 'Profile' },
  { value: 'password', label: 'Password' },
  { value: 'preferences', label: 'Time zone & picture' },
  { value: 'sessions', label: 'Sessions' },
  // Last: the one that cannot be undone is not the first thing a settings page offers.
  { value: 'delete-account', label: 'Delete account' },
];
