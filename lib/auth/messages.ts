/** The expired-session warning (accounts spec §2 toasts, §8 "Unauthorized"): one text wherever a session ends. */
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** Where a server page sends a session that has ended: /login shows SESSION_EXPIRED as a warning toast. */
export const SESSION_ENDED_LOGIN = '/login?expired=1';

/** A password sign-in refused: an unknown email, a wrong password, or one changed while signing in. */
export const WRONG_CREDENTIALS = 'This email or password is wrong.';
