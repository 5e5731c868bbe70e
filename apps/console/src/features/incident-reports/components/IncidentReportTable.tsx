import type { IncidentActorDto, IncidentListItemDto } from '@beacon/contracts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatDateTime } from '../../../formatting/date-time';
import { SecondaryButton } from '../../../shared-ui/buttons';
import { CellNote, DataTable } from '../../../shared-ui/DataTable';
import { VisuallyHidden } from '../../../shared-ui/form-controls';
import { displayTitle } from '../incident-rows';
import { stateLabel } from '../../../formatting/incident-state-labels';

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
      {by && <CellNote>{by.name}</CellNote>}
    </>
  );
}

export function IncidentReportTable({ rows, caption, timeZone, busy, exporting, onExportPdf }: IncidentReportTableProps) {
  return (
    <Table caption={caption} busy={busy}>
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
  );
}

const Table = styled(DataTable)`
  td:nth-child(4),
  td:nth-child(5) {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }

  td:last-child {
    text-align: right;
  }

  button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.6;
  }
`;
