/** Public settings the accounts screens show (inlined into client bundles by Next). */
export const PRODUCT_NAME = process.env.NEXT_PUBLIC_PRODUCT_NAME || 'TNA';
/** The provider's number for cancelling services, shown on the Delete Account page. */
export const SUPPORT_PHONE = process.env.NEXT_PUBLIC_SUPPORT_PHONE || '(800) 555-0199';
