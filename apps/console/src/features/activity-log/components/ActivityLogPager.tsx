import { Pager } from '../../../shared-ui/Pager';
import { PAGE_SIZES, type PageSize } from '../activity-log-query';

interface ActivityLogPagerProps {
  /** The page asked for (1-based). */
  page: number;
  numberOfPages: number;
  pageSize: PageSize;
  /** How many entries match the filters. */
  count: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: PageSize) => void;
}

const entriesText = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'entry' : 'entries'}`;

export function ActivityLogPager({ count, ...paging }: ActivityLogPagerProps) {
  return <Pager label="Activity log pages" pageSizes={PAGE_SIZES} countText={entriesText(count)} {...paging} />;
}
