import { PAGE_SIZES, type MessageListQuery, type PageSize } from '../message-list/message-list-query';
import { Pager } from './Pager';

interface MessageListPagerProps {
  /** The navigation's accessible name, e.g. "Message template pages". */
  label: string;
  query: MessageListQuery;
  /** How many messages match the query. */
  count: number;
  onShow: (query: MessageListQuery) => void;
}

/**
 * The message list's count, rows per page and Previous / Next. An empty list's first page has none;
 * a page past the end keeps them, to go back.
 */
export function MessageListPager({ label, query, count, onShow }: MessageListPagerProps) {
  if (count === 0 && query.page <= 1) return null;
  return (
    <Pager
      label={label}
      page={query.page}
      numberOfPages={Math.ceil(count / query.pageSize)}
      pageSize={query.pageSize}
      pageSizes={PAGE_SIZES}
      countText={`${count} ${count === 1 ? 'message' : 'messages'}`}
      onPage={(next) => onShow({ ...query, page: next })}
      onPageSize={(pageSize: PageSize) => onShow({ ...query, pageSize, page: 1 })}
    />
  );
}
