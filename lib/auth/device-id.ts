'use client';

const DEVICE_KEY = 'tna.deviceId';

/** The browser's 8-character device id (spec §3), kept per browser so its sessions read as one device. */
export function deviceId(): string {
  try {
    const kept = window.localStorage.getItem(DEVICE_KEY);
    if (kept && /^[a-z0-9]{8}$/.test(kept)) return kept;
  } catch {}
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const id = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => alphabet[b % alphabet.length]).join('');
  try {
    window.localStorage.setItem(DEVICE_KEY, id);
  } catch {}
  return id;
}
