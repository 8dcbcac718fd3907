/** Class names shared by the editor theme and the read-only view, so both look the same. */
export const RTE = {
  p: 'mb-2 last:mb-0',
  ul: 'mb-2 list-disc pl-6 last:mb-0',
  ol: 'mb-2 list-decimal pl-6 last:mb-0',
  li: 'my-0.5 pl-1',
  nestedLi: 'list-none',
  link: 'text-brand-600 underline underline-offset-2',
  bold: 'font-semibold',
  quote: 'mb-2 border-l-4 border-slate-300 pl-4 italic text-slate-600',
  code: 'mb-2 block overflow-x-auto whitespace-pre rounded-md bg-slate-900 p-3 font-mono text-xs text-slate-100',
  hr: 'my-4 border-slate-300',
  table: 'mb-2 table-fixed border-collapse',
  // 120 px until the writer resizes (stored widths then come from the table's colgroup).
  cell: 'relative w-[120px] min-w-[25px] border border-slate-300 px-2 py-1 align-top',
  headerCell: 'bg-slate-100 font-semibold',
};
