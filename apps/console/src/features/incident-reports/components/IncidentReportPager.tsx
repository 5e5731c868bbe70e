import { useId } from 'react';
import styled from 'styled-components';
import { SecondaryButton } from '../../../shared-ui/buttons';
import { Select } from '../../activity-log/components/form-controls';
import { PAGE_SIZES, showsAllItems, type PageSize } from '../incident-reports-query';

interface IncidentReportPagerProps {
  /** "Case reports pages", with the configured module name. */
  label: string;
  /** The page asked for (1-based). */
  page: number;
  numberOfPages: number;
  pageSize: PageSize;
  /** How many incidents match the filters, e.g. "12 Cases". */
  countText: string;
  onPage: (page: number) => void;
  onPageSize: (pageSize: PageSize) => void;
}

/** Spec §9: 0 and All both show every item; the option says so. */
const sizeLabel = (size: PageSize) => (size === '0' ? '0 (all)' : size);

export function IncidentReportPager({ label, page, numberOfPages, pageSize, countText, onPage, onPageSize }: IncidentReportPagerProps) {
  const sizeId = useId();
  const paged = !showsAllItems(pageSize);
  return (
    <Pager aria-label={label}>
      <Count>{countText}</Count>
      <Size>
        <label htmlFor={sizeId}>Rows per page</label>
        <Select id={sizeId} value={pageSize} onChange={(event) => onPageSize(event.target.value as PageSize)}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {sizeLabel(size)}
            </option>
          ))}
        </Select>
      </Size>
      {paged && (
        <Steps>
          {/* A link may name a page past the end; Previous then goes to the last one. */}
          <SecondaryButton type="button" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, numberOfPages))}>
            Previous
          </SecondaryButton>
          <span aria-live="polite">
            Page {page} of {Math.max(numberOfPages, 1)}
          </span>
          <SecondaryButton type="button" disabled={page >= numberOfPages} onClick={() => onPage(page + 1)}>
            Next
          </SecondaryButton>
        </Steps>
      )}
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
