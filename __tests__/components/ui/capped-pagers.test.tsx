/**
 * Pagers past a capped total (lib/db/count.ts): "1,000+" rather than a number never counted, and
 * a Next link, since at least one row follows; an exact total keeps its own number and its end.
 */
import { render, screen } from '@testing-library/react';
import { TablePager } from '@/components/ui/table-pager';
import { Pager as NewsPager } from '@/components/news/search-form';
import { Pager as DriversPager } from '@/components/drivers/pager';

const href = (o: number) => `/list?offset=${o}`;

describe('pagers over a capped total', () => {
  it('the admin table footer reads "of 1,000+" and offers Next on the last counted page', () => {
    render(<TablePager offset={950} limit={50} total={1_000} totalIsLowerBound href={href} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('951–1000 of 1,000+');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/list?offset=1000');
  });

  it('an exact total ends where it says', () => {
    render(<TablePager offset={100} limit={50} total={150} href={href} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('101–150 of 150');
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
  });

  it('the news pager and the Drivers Portal pager show the bound too', () => {
    render(<NewsPager offset={0} limit={10} total={1_000} total_is_lower_bound href={href} />);
    expect(screen.getByText('1–10 of 1,000+')).toBeInTheDocument();
    render(<DriversPager path="/members/jobs" params={{}} offset={990} limit={10} total={1_000} total_is_lower_bound />);
    expect(screen.getByText('Page 100 of 100+')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Next/ }).length).toBe(2);
  });
});
