import type { IncidentDto } from '@beacon/contracts';
import { useId } from 'react';
import styled from 'styled-components';
import { formatDateTime } from '../../../formatting/date-time';
import { PrimaryButton } from '../../../shared-ui/buttons';
import { stateLabel } from '../../../formatting/incident-state-labels';
import { displayTitle } from '../../../formatting/incident-list';
import { NO_EDITS } from '../incident-values';
import type { AttachmentActions } from '../../../shared-ui/incident-fields/AttachmentField';
import { Note, Notice } from '../../../shared-ui/incident-fields/form-controls';
import { IncidentFieldGroups } from './IncidentFieldGroups';

export interface EarlierVersionViewProps {
  incident: IncidentDto;
  moduleName: string;
  permission: string;
  timeZone: string;
  attachments: AttachmentActions;
  onBack: () => void;
}

/** The incident as it stood at an earlier version: read-only, under a banner with the way back. */
export function EarlierVersionView({ incident, moduleName, permission, timeZone, attachments, onBack }: EarlierVersionViewProps) {
  const headingId = useId();
  const at = incident.updated_at ?? incident.created_at;
  return (
    <View aria-labelledby={headingId}>
      <Notice role="status">
        <p>
          You are viewing this {moduleName} as it stood at version {incident.version}
          {at ? ` (${formatDateTime(at, timeZone)})` : ''}. It cannot be changed here.
        </p>
        <PrimaryButton type="button" onClick={onBack}>
          Back to the current version
        </PrimaryButton>
      </Notice>
      <h2 id={headingId}>{displayTitle(incident)}</h2>
      <Note>
        {incident.name} · {stateLabel(incident.state)} · version {incident.version}
      </Note>
      <IncidentFieldGroups
        incident={incident}
        edits={NO_EDITS}
        permission={permission}
        readOnly
        timeZone={timeZone}
        attachments={attachments}
        messagesFor={() => []}
      />
    </View>
  );
}

const View = styled.section`
  display: grid;
  gap: 16px;

  h2 {
    margin: 0;
  }
`;
