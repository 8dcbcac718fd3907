/** Seconds left until `expiresAt` (ms), never below 0. */
export const secondsLeft = (expiresAt: number, now = Date.now()) => Math.max(0, Math.ceil((expiresAt - now) / 1000));

/** 600 → '10:00', 59 → '00:59' (accounts spec §9: mm:ss). */
export function mmss(seconds: number) {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
