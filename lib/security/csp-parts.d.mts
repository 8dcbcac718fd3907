/** Types of csp-parts.mjs (plain JavaScript, shared with next.config.mjs). */
export type CspParts = { before: string; after: string; framedAfter: string; cached: string };
export function cspParts(env?: Partial<Record<string, string>>): CspParts;
