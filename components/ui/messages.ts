/** The spec's toast after a saved change (company settings, payment method, address, job edits). */
export const UPDATED = 'Updated successfully';
