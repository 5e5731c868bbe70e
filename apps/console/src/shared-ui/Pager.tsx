import { useId } from 'react';
import styled from 'styled-components';
import { SecondaryButton } from './buttons';
import { Select } from './form-controls';

interface PagerProps<Size extends string | number> {
  /** The navigation's accessible name, e.g. "Activity log pages". */
  label: string;
  /** The page asked for (1-based). */
  page: number;
  numberOfPages: number;
  pageSize: Size;
  /** The sizes the user can choose, in the order shown. */
  pageSizes: readonly Size[];
  /** The option's text for a size; the size itself unless given. */
  sizeLabel?: (size: Size) => string;
  /** How many items match the filters, e.g. "12 entries". */
  countText: string;
  /** False when one page shows every item: then there is no Previous and Next. */
  paged?: boolean;
  onPage: (page: number) => void;
  onPageSize: (pageSize: Size) => void;
}

/** The count of a paged list, the rows per page and Previous / Next. */
export function Pager<Size extends string | number>({
  label,
  page,
  numberOfPages,
  pageSize,
  pageSizes,
  sizeLabel = String,
  countText,
  paged = true,
  onPage,
  onPageSize,
}: PagerProps<Size>) {
  const sizeId = useId();
  const chooseSize = (value: string) => {
    const size = pageSizes.find((candidate) => String(candidate) === value);
    if (size !== undefined) onPageSize(size);
  };
  return (
    <Nav aria-label={label}>
      <Count>{countText}</Count>
      <Size>
        <label htmlFor={sizeId}>Rows per page</label>
        <Select id={sizeId} value={pageSize} onChange={(event) => chooseSize(event.target.value)}>
          {pageSizes.map((size) => (
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
    </Nav>
  );
}

const Nav = styled.nav`
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
