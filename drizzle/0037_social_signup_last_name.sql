-- A social sign-up used to store the last name '-' when the provider's name had one word or none
-- (every Apple sign-up: Apple's ID token carries no name), and the name rule (2-100 letters)
-- refuses '-', so such a driver's profile save answered 422 'Needs to be a valid name.' for good.
-- New sign-ups now store 'Driver' there (lib/auth/social-name.ts); the accounts made before get the
-- same. No other way in stores '-' (each checks the name rule), so only those accounts are touched.
UPDATE users SET last_name = 'Driver', updated_at = now() WHERE last_name = '-' AND deleted_at IS NULL;
