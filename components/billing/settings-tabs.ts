/**
 * The sections of /company/settings, in the order the tabs show them (jobs spec §2). Billing and
 * payment are the signed-in user's own company's: an admin without a company does not see them.
 */
export const SETTINGS_TABS = [
  { href: '/company/settings/account-settings', label: 'Account settings' },
  { href: '/company/settings/company-settings', label: 'Company settings' },
  { href: '/company/settings/address-settings', label: 'Address settings' },
  { href: '/company/settings/employees', label: 'Employees' },
  { href: '/company/settings/password', label: 'Password' },
  { href: '/company/settings/billing', label: 'Billing', ownCompanyOnly: true },
  { href: '/company/settings/payment', label: 'Payment', ownCompanyOnly: true },
];

/** The tabs a user sees: the own-company sections only with a company. */
export const settingsTabsFor = (companyId: number | null | undefined) => SETTINGS_TABS.filter((t) => companyId || !t.ownCompanyOnly);

export const BILLING_TABS = [
  { href: '/company/settings/billing', label: 'Billing history' },
  { href: '/company/settings/billing/order-history', label: 'Order history' },
];
