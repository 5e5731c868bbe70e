import type { IncidentChangeDto, IncidentHistoryEntryDto } from '@beacon/contracts';
import { useId } from 'react';
import styled from 'styled-components';
import { formatDateTime } from '../../../formatting/date-time';
import { SecondaryButton } from '../../../shared-ui/buttons';
import { Alert, Note } from '../../../shared-ui/incident-fields/form-controls';

export interface IncidentHistoryPanelProps {
  entries: readonly IncidentHistoryEntryDto[] | null;
  loading: boolean;
  error: string | null;
  timeZone: string;
  moduleName: string;
  /** The version shown as it stood, if any. */
  viewingVersion: number | null;
  onRetry: () => void;
  onView: (version: number) => void;
}

const KIND_TEXT: Record<IncidentHistoryEntryDto['kind'], string> = {
  started: 'started it',
  updated: 'updated it',
  state_changed: 'changed the state',
  title_changed: 'changed the title',
  moved: 'moved it',
};

/** The incident's timeline, newest first: who changed which field from what to what, and when. */
export function IncidentHistoryPanel({ entries, loading, error, timeZone, moduleName, viewingVersion, onRetry, onView }: IncidentHistoryPanelProps) {
  const headingId = useId();
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>History</h2>
      {loading && entries === null && <Note role="status">Loading history…</Note>}
      {error && (
        <Alert role="alert">
          <p>{error}</p>
          <SecondaryButton type="button" onClick={onRetry}>
            Try again
          </SecondaryButton>
        </Alert>
      )}
      {entries && entries.length === 0 && <Note>Nothing has been recorded for this {moduleName} yet.</Note>}
      {entries && entries.length > 0 && (
        <Entries>
          {entries.map((entry) => (
            <li key={entry.version} aria-current={entry.version === viewingVersion ? 'true' : undefined}>
              <p>
                <strong>{entry.actor?.name ?? 'Someone'}</strong> {KIND_TEXT[entry.kind] ?? entry.kind}
                {' · '}
                <time dateTime={entry.at}>{formatDateTime(entry.at, timeZone)}</time>
                {' · '}version {entry.version}
              </p>
              {entry.changes.length > 0 && (
                <Changes>
                  {entry.changes.map((change, index) => (
                    <li key={`${change.field}-${change.field_group ?? ''}-${index}`}>{changeText(change)}</li>
                  ))}
                </Changes>
              )}
              <SecondaryButton type="button" onClick={() => onView(entry.version)} disabled={entry.version === viewingVersion}>
                View as it stood (version {entry.version})
              </SecondaryButton>
            </li>
          ))}
        </Entries>
      )}
    </Panel>
  );
}

function changeText(change: IncidentChangeDto): string {
  const where = change.field_group_title ? ` (${change.field_group_title})` : '';
  const from = change.from === '' ? 'empty' : `“${change.from}”`;
  const to = change.to === '' ? 'empty' : `“${change.to}”`;
  return `${change.label}${where}: from ${from} to ${to}`;
}

const Panel = styled.section`
  display: grid;
  gap: 12px;
  align-content: start;

  h2 {
    margin: 0;
    font-size: 1.2em;
  }
`;

const Entries = styled.ol`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;

  > li {
    display: grid;
    gap: 4px;
    justify-items: start;
    padding-bottom: 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  > li[aria-current='true'] {
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.colors.highlight};
    padding-left: 8px;
  }

  p {
    margin: 0;
  }
`;

const Changes = styled.ul`
  margin: 0;
  padding-left: 20px;
`;
