/** The expired-session warning (accounts spec §2 toasts, §8 "Unauthorized"): one text wherever a session ends. */
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** Where a server page sends a session that has ended: /login shows SESSION_EXPIRED as a warning toast. */
export const SESSION_ENDED_LOGIN = '/login?expired=1';

/** A password sign-in refused: an unknown email, a wrong password, or one changed while signing in. */
export const WRONG_CREDENTIALS = 'This email or password is wrong.';

/**
 * A company member who also uses TNA as a driver: an admin may not change their password, email,
 * name or phone, directly or while impersonating them (their driver account, its applications and
 * what employers see on them, is theirs alone).
 */
export const DRIVER_ACCOUNT_OWN =
  'This person also uses TNA as a driver: their password, email and name are their own. They can change them, or reset their password from the sign-in page.';
