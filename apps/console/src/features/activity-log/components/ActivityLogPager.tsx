import { useId } from 'react';
import styled from 'styled-components';
import { SecondaryButton } from '../../../shared-ui/buttons';
import { PAGE_SIZES, type PageSize } from '../activity-log-query';
import { Select } from './form-controls';

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

export function ActivityLogPager({ page, numberOfPages, pageSize, count, onPage, onPageSize }: ActivityLogPagerProps) {
  const sizeId = useId();
  return (
    <Pager aria-label="Activity log pages">
      <Count>{entriesText(count)}</Count>
      <Size>
        <label htmlFor={sizeId}>Rows per page</label>
        <Select id={sizeId} value={pageSize} onChange={(event) => onPageSize(Number(event.target.value) as PageSize)}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </Size>
      <Steps>
        {/* A link may name a page past the end; Previous then goes to the last one. */}
        <SecondaryButton type="button" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, numberOfPages))}>
          Previous
        </SecondaryButton>
        <span aria-live="polite">
          Page {page} of {numberOfPages}
        </span>
        <SecondaryButton type="button" disabled={page >= numberOfPages} onClick={() => onPage(page + 1)}>
          Next
        </SecondaryButton>
      </Steps>
    </Pager>
  );
}

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 24px;
  align-items: center;
  justify-content: space-between;
`;

const Count = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Size = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
`;

const Steps = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
`;
