import type { IncidentActorDto, IncidentListItemDto } from '@beacon/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { formatDateTime } from '../../../formatting/date-time';
import { SecondaryButton } from '../../../shared-ui/buttons';
import { displayTitle } from '../incident-rows';
import { stateLabel } from '../state-labels';

interface IncidentReportTableProps {
  rows: readonly IncidentListItemDto[];
  /** E.g. "Cases, newest first (times in Europe/Oslo)". */
  caption: string;
  timeZone: string;
  /** The next page is loading; these rows are about to be replaced. */
  busy: boolean;
  /** The incidents whose PDF is being exported. */
  exporting: ReadonlySet<string>;
  onExportPdf: (row: IncidentListItemDto) => void;
}

/** When, and by whom when known. */
function Moment({ at, by, timeZone }: { at: string; by: IncidentActorDto | null; timeZone: string }) {
  if (at === '') return <>—</>;
  return (
    <>
      <time dateTime={at}>{formatDateTime(at, timeZone)}</time>
      {by && <By>{by.name}</By>}
    </>
  );
}

export function IncidentReportTable({ rows, caption, timeZone, busy, exporting, onExportPdf }: IncidentReportTableProps) {
  const captionId = useId();
  return (
    // Scrolls sideways on a narrow screen; focusable so the keyboard can scroll it too.
    <Scroller role="region" aria-labelledby={captionId} tabIndex={0}>
      <Table aria-busy={busy}>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Form</th>
            <th scope="col">State</th>
            <th scope="col">Created</th>
            <th scope="col">Last update</th>
            <th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const title = displayTitle(row);
            const isExporting = exporting.has(row.id);
            return (
              <tr key={row.id}>
                <td>
                  <Link to={`/incidents/start/${encodeURIComponent(row.id)}/edit`}>{title}</Link>
                </td>
                <td>{row.name}</td>
                <td>{stateLabel(row.state)}</td>
                <td>
                  <Moment at={row.created_at} by={row.created_by} timeZone={timeZone} />
                </td>
                <td>
                  <Moment at={row.updated_at} by={row.updated_by} timeZone={timeZone} />
                </td>
                <td>
                  <SecondaryButton
                    type="button"
                    aria-label={`Export PDF of ${title}`}
                    aria-disabled={isExporting}
                    onClick={() => !isExporting && onExportPdf(row)}
                  >
                    {isExporting ? 'Exporting…' : 'Export PDF'}
                  </SecondaryButton>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </Scroller>
  );
}

const Scroller = styled.div`
  overflow-x: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;

  &[aria-busy='true'] tbody {
    opacity: 0.5;
  }

  caption {
    padding: 12px 16px 4px;
    text-align: left;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  th,
  td {
    padding: 8px 16px;
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  th {
    font-weight: 600;
    white-space: nowrap;
  }

  td:nth-child(4),
  td:nth-child(5) {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }

  td:last-child {
    text-align: right;
  }

  tbody tr:last-child td {
    border-bottom: none;
  }

  button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.6;
  }
`;

const By = styled.span`
  display: block;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;
