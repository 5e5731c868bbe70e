import type { IncidentListItemDto } from '@beacon/contracts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatDateTime } from '../../../formatting/date-time';
import { stateLabel } from '../../../formatting/incident-state-labels';
import { displayTitle } from '../../../formatting/incident-list';
import { Badge, Note } from '../../../shared-ui/incident-fields/form-controls';

export interface IncidentListProps {
  incidents: readonly IncidentListItemDto[];
  /** The id of the incident shown open, marked as the current one. */
  currentId: string | null;
  editPath: (id: string) => string;
  timeZone: string;
  moduleName: string;
  moduleNamePlural: string;
}

/** The incidents in their order, each with its state and last update, linking to its edit page. */
export function IncidentList({ incidents, currentId, editPath, timeZone, moduleName, moduleNamePlural }: IncidentListProps) {
  if (incidents.length === 0) {
    return <Note>No {moduleNamePlural} yet. Start one with “Start {moduleName}”.</Note>;
  }
  return (
    <Items aria-label={moduleNamePlural}>
      {incidents.map((incident) => (
        <li key={incident.id}>
          <Item to={editPath(incident.id)} aria-current={incident.id === currentId ? 'page' : undefined}>
            <strong>{displayTitle(incident)}</strong>
            <Meta>
              <Badge>{stateLabel(incident.state)}</Badge>
              <span>{incident.name}</span>
            </Meta>
            {incident.updated_at && (
              <Meta>
                Updated {formatDateTime(incident.updated_at, timeZone)}
                {incident.updated_by ? ` by ${incident.updated_by.name}` : ''}
              </Meta>
            )}
          </Item>
        </li>
      ))}
    </Items>
  );
}

const Items = styled.ul`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled(Link)`
  display: grid;
  gap: 4px;
  padding: 8px 12px;
  color: inherit;
  text-decoration: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  &[aria-current='page'] {
    border-color: ${({ theme }) => theme.colors.highlight};
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.colors.highlight};
  }

  &:hover {
    background: ${({ theme }) => theme.colors.highlightHover};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }
`;

const Meta = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  font-size: 0.9em;
  color: ${({ theme }) => theme.colors.textMuted};
`;
