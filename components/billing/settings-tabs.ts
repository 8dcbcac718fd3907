/** The sections of /company/settings, in the order the tabs show them (jobs spec §2). */
export const SETTINGS_TABS = [
  { href: '/company/settings/account-settings', label: 'Account settings' },
  { href: '/company/settings/company-settings', label: 'Company settings' },
  { href: '/company/settings/address-settings', label: 'Address settings' },
  { href: '/company/settings/password', label: 'Password' },
  { href: '/company/settings/billing', label: 'Billing' },
  { href: '/company/settings/payment', label: 'Payment' },
];

export const BILLING_TABS = [
  { href: '/company/settings/billing', label: 'Billing history' },
  { href: '/company/settings/billing/order-history', label: 'Order history' },
];
