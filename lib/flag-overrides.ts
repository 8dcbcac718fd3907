/**
 * The feature flags of the spec and the rules for their values, with no server imports so the
 * proxy (which records query overrides) and client code can share them. The server-side reader
 * is lib/flags.ts.
 *
 * A flag's value: the person's override for this browser session if there is one, else the
 * deployment's default (FEATURE_<NAME>=true|false), else the built-in default below.
 */
export const FLAGS = ['newLayout', 'socialLogin', 'pickers', 'channels'] as const;
export type Flag = (typeof FLAGS)[number];
export type Flags = Record<Flag, boolean>;

/** Built-in defaults: the classic layout; social sign-in, the admin pickers and channels on. */
const BUILT_IN: Flags = { newLayout: false, socialLogin: true, pickers: true, channels: true };

/** FEATURE_NEW_LAYOUT, FEATURE_SOCIAL_LOGIN, FEATURE_PICKERS, FEATURE_CHANNELS. */
export const flagEnvName = (flag: Flag) => `FEATURE_${flag.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** The session cookie that keeps query overrides (no expiry: it ends with the browser session). */
export const FLAG_COOKIE = 'tna-flags';

type Env = Partial<Record<string, string>>;

function parseBoolean(value: string | null | undefined): boolean | undefined {
  if (value == null) return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === '1' || v === 'on') return true;
  if (v === 'false' || v === '0' || v === 'off') return false;
  return undefined;
}

/** The deployment's defaults (configuration), before any override. */
export function flagDefaults(env: Env = process.env): Flags {
  const out = { ...BUILT_IN };
  for (const flag of FLAGS) {
    const value = parseBoolean(env[flagEnvName(flag)]);
    if (value !== undefined) out[flag] = value;
  }
  return out;
}

export type FlagOverrides = Partial<Flags>;

/** Overrides kept in the cookie: 'newLayout:1,pickers:0'. Anything unreadable is ignored. */
export function parseFlagCookie(value: string | undefined): FlagOverrides {
  const out: FlagOverrides = {};
  for (const part of (value ?? '').split(',')) {
    const [name, bit] = part.split(':');
    if ((FLAGS as readonly string[]).includes(name) && (bit === '1' || bit === '0')) out[name as Flag] = bit === '1';
  }
  return out;
}

export function serializeFlagCookie(overrides: FlagOverrides): string {
  return FLAGS.filter((f) => overrides[f] !== undefined)
    .map((f) => `${f}:${overrides[f] ? 1 : 0}`)
    .join(',');
}

/** Overrides named in a page address: ?newLayout=true, ?pickers=false (other values ignored). */
export function flagOverridesFromQuery(params: URLSearchParams): FlagOverrides {
  const out: FlagOverrides = {};
  for (const flag of FLAGS) {
    const value = parseBoolean(params.get(flag));
    if (value !== undefined) out[flag] = value;
  }
  return out;
}

export function resolveFlags(overrides: FlagOverrides, env: Env = process.env): Flags {
  return { ...flagDefaults(env), ...overrides };
}
