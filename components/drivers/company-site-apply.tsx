/** The hyperlink add-on's Apply: the company takes applications on its own site (a new tab). */
export function CompanySiteApply({ url, className }: { url: string; className: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow" className={className}>
      Apply on company site
    </a>
  );
}
