/** Display helpers of the billing screens (spec §5: dates MM/DD/YYYY, amounts with 2 decimals). */
export const formatMoney = (dollars: number) => dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

export function formatDate(value: string | Date | null | undefined) {
  if (!value) return '-';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '-' : d.toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
}
