/** Toolbar icons (20 × 20 strokes). */
const svg = (d: React.ReactNode) => (
  <svg viewBox="0 0 20 20" className="size-[18px]" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    {d}
  </svg>
);

export const ICONS = {
  bold: svg(<path d="M6 4h5a3 3 0 0 1 0 6H6zM6 10h6a3 3 0 0 1 0 6H6z" />),
  italic: svg(<path d="M12 4H8.5M11.5 16H8M11 4 9 16" />),
  underline: svg(<path d="M6 3.5v6a4 4 0 0 0 8 0v-6M5 17h10" />),
  bullet: svg(
    <>
      <path d="M8 5.5h8M8 10h8M8 14.5h8" />
      <circle cx="4.25" cy="5.5" r=".9" fill="currentColor" />
      <circle cx="4.25" cy="10" r=".9" fill="currentColor" />
      <circle cx="4.25" cy="14.5" r=".9" fill="currentColor" />
    </>,
  ),
  number: svg(<path d="M8.5 5.5h8M8.5 10h8M8.5 14.5h8M3.5 4.5l1-.5v3M3.2 9.2c.4-.5 1.8-.5 1.8.4 0 .7-1.8 1.3-1.8 2h1.9M3.3 13.4h1.6l-.8 1 .2 0c.6 0 .9.3.9.8s-.5.8-1 .8c-.4 0-.8-.1-1-.4" />),
  link: svg(<path d="M8.5 11.5a3 3 0 0 0 4.2.2l2.3-2.3a3 3 0 0 0-4.2-4.2l-.9.9M11.5 8.5a3 3 0 0 0-4.2-.2L5 10.6a3 3 0 0 0 4.2 4.2l.9-.9" />),
  undo: svg(<path d="M7.5 7.5H13a3.5 3.5 0 0 1 0 7H9M7.5 7.5 10 5M7.5 7.5 10 10" />),
  redo: svg(<path d="M12.5 7.5H7a3.5 3.5 0 0 0 0 7h4M12.5 7.5 10 5M12.5 7.5 10 10" />),
  strike: svg(<path d="M4 10h12M13.5 6.5C13 5 11.7 4 10 4 8 4 6.5 5 6.5 6.5M6.5 13.5C7 15 8.3 16 10 16c2 0 3.5-1 3.5-2.5" />),
  quote: svg(<path d="M4 14V10.5C4 8 5.5 6.5 7.5 6M11 14v-3.5C11 8 12.5 6.5 14.5 6M4 14h3v-3H4M11 14h3v-3h-3" />),
  code: svg(<path d="m7 6-4 4 4 4M13 6l4 4-4 4" />),
  rule: svg(<path d="M3 10h14M6 6h8M6 14h8" strokeOpacity={0.4} />),
  indent: svg(<path d="M9 5h8M9 10h8M9 15h8M3 7.5 5.5 10 3 12.5" />),
  outdent: svg(<path d="M9 5h8M9 10h8M9 15h8M5.5 7.5 3 10l2.5 2.5" />),
  table: svg(<path d="M3 4h14v12H3zM3 8h14M3 12h14M8 4v12M12.5 4v12" />),
  image: svg(<path d="M3 4h14v12H3zM3 13l4-4 3 3 2-2 5 5M12.5 7.5h.01" />),
};
