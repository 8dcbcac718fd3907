/** Class names shared by the editor theme and the read-only view, so both look the same. */
export const RTE = {
  p: 'mb-2 last:mb-0',
  ul: 'mb-2 list-disc pl-6 last:mb-0',
  ol: 'mb-2 list-decimal pl-6 last:mb-0',
  li: 'my-0.5 pl-1',
  nestedLi: 'list-none',
  link: 'text-brand-600 underline underline-offset-2',
  bold: 'font-semibold',
};
