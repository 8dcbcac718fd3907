import { formatDate } from '@/components/jobs/format';

/**
 * Display helpers of the billing screens (spec §5: dates MM/DD/YYYY, amounts with 2 decimals).
 * Dates are the jobs screens' own: US/Eastern, the day the order's PDF and mails show too (in the
 * browser's zone, an order placed late in the evening carried another day here).
 */
export { formatDate };

export const formatMoney = (dollars: number) => dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
