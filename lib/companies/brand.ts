/** The picture shown for a company without a logo of its own (public/brand, drawn by scripts/brand-assets.mjs). */
export const DEFAULT_COMPANY_LOGO = '/brand/company-default.v1.svg';
