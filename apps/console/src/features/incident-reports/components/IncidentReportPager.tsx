import { Pager } from '../../../shared-ui/Pager';
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

export function IncidentReportPager(props: IncidentReportPagerProps) {
  return <Pager pageSizes={PAGE_SIZES} sizeLabel={sizeLabel} paged={!showsAllItems(props.pageSize)} {...props} />;
}
