import type { IncidentDto, IncidentStateName } from '@beacon/contracts';
import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { formatDateTime } from '../../../formatting/date-time';
import { PrimaryButton, SecondaryButton } from '../../../shared-ui/buttons';
import { stateLabel } from '../../../formatting/incident-state-labels';
import { displayTitle } from '../../../formatting/incident-list';
import { conflictingFieldNames, fieldMessages, updatedElsewhereText } from '../incident-messages';
import { currentTitle, hasEdits } from '../incident-values';
import type { IncidentEvent, IncidentSnapshot } from '../machines/incident.machine';
import type { AttachmentActions } from '../../../shared-ui/incident-fields/AttachmentField';
import { Actions, Alert, Field, Input, Note, Notice, Select } from '../../../shared-ui/incident-fields/form-controls';
import { fieldControlId, IncidentFieldGroups } from './IncidentFieldGroups';

/** The states an incident moves between once started (a new one is a draft until then). */
const STATES: readonly IncidentStateName[] = ['active', 'monitoring', 'resolved', 'closed'];

export interface IncidentEditorProps {
  snapshot: IncidentSnapshot;
  send: (event: IncidentEvent) => void;
  moduleName: string;
  timeZone: string;
  attachments: AttachmentActions;
  /** Saves; the page adds the order a new incident starts with. */
  onSave: () => void;
  /** A new incident can be put aside (the new-incident slot is cleared). */
  onDiscard?: () => void;
  onExportPdf?: () => void;
  exporting?: boolean;
}

/**
 * The open incident: its title, state and field groups to fill in, saved with one button. A save
 * with required values missing stops with the spec's message next to each such field and moves
 * focus to the first; others' changes, conflicts and failures show above the form.
 */
export function IncidentEditor({ snapshot, send, moduleName, timeZone, attachments, onSave, onDiscard, onExportPdf, exporting }: IncidentEditorProps) {
  const { context } = snapshot;
  const incident = context.incident as IncidentDto;
  const headingId = useId();
  const titleId = useId();
  const stateId = useId();
  const isNew = incident.id === null;
  const closed = incident.state === 'closed';
  const saving = snapshot.matches('saving');
  const writeError = context.error && context.error.call !== 'load' ? context.error : null;

  useFocusFirstMissing(context.blockedSaves, context.missing[0]);

  return (
    <Form
      aria-labelledby={headingId}
      aria-busy={saving || undefined}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) onSave();
      }}
    >
      <Header>
        <h2 id={headingId}>{isNew ? `New ${moduleName}` : displayTitle(incident)}</h2>
        <Note>{metaText(incident, moduleName, timeZone)}</Note>
      </Header>

      {saving && <Note role="status">Saving…</Note>}
      {context.notice && (
        <Notice role="status">
          <p>{updatedElsewhereText(context.notice.by, moduleName)}</p>
          <SecondaryButton type="button" onClick={() => send({ type: 'incident.dismissNotice' })}>
            Dismiss
          </SecondaryButton>
        </Notice>
      )}
      {context.conflict && (
        <Alert role="alert">
          <p>{context.conflict.detail}</p>
          {context.conflict.conflictingFields.length > 0 && (
            <p>Changed meanwhile: {conflictingFieldNames(incident, context.conflict.conflictingFields).join(', ')}</p>
          )}
        </Alert>
      )}
      {writeError && (
        <Alert role="alert">
          <p>{writeError.text}</p>
        </Alert>
      )}

      <Row>
        <Field>
          <label htmlFor={titleId}>{moduleName} title</label>
          <Input
            id={titleId}
            type="text"
            value={currentTitle(incident, context.edits)}
            readOnly={closed}
            onChange={(event) => send({ type: 'incident.editTitle', title: event.target.value })}
          />
        </Field>
        {!isNew && (
          <Field>
            <label htmlFor={stateId}>State</label>
            <Select
              id={stateId}
              value={incident.state}
              disabled={saving}
              onChange={(event) => send({ type: 'incident.changeState', state: event.target.value as IncidentStateName })}
            >
              {STATES.map((state) => (
                <option key={state} value={state}>
                  {stateLabel(state)}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </Row>
      {closed && <Note>This {moduleName} is closed. Reopen it (choose another state) to change its values.</Note>}

      <IncidentFieldGroups
        incident={incident}
        edits={context.edits}
        permission={context.permission}
        readOnly={closed}
        timeZone={timeZone}
        attachments={attachments}
        messagesFor={(fieldGroup, field) => fieldMessages(context, fieldGroup, field)}
        onEdit={(fieldGroup, field, values) => send({ type: 'incident.edit', fieldGroup, field, values })}
        onIgnore={(fieldGroup, ignored) => send({ type: 'incident.ignore', fieldGroup, ignored })}
      />

      <Actions>
        {!closed && (
          <PrimaryButton type="submit" aria-disabled={saving || undefined}>
            {saving ? 'Saving…' : 'Save'}
          </PrimaryButton>
        )}
        {!isNew && hasEdits(context.edits) && <Note>Unsaved changes</Note>}
        {isNew && onDiscard && (
          <SecondaryButton type="button" onClick={onDiscard}>
            Discard
          </SecondaryButton>
        )}
        {!isNew && onExportPdf && (
          <SecondaryButton type="button" aria-disabled={exporting || undefined} onClick={() => !exporting && onExportPdf()}>
            {exporting ? 'Exporting…' : 'Export PDF'}
          </SecondaryButton>
        )}
      </Actions>
    </Form>
  );
}

function metaText(incident: IncidentDto, moduleName: string, timeZone: string): string {
  if (incident.id === null) return `${incident.name} · not started yet: it is recorded when you save.`;
  const parts = [incident.name, stateLabel(incident.state), `version ${incident.version}`];
  if (incident.updated_at) {
    const by = incident.updated_by ? ` by ${incident.updated_by.name}` : '';
    parts.push(`last updated ${formatDateTime(incident.updated_at, timeZone)}${by}`);
  }
  return `${moduleName}: ${parts.join(' · ')}`;
}

/** Each stopped save moves focus to the first missing value, so keyboard users land on it. */
function useFocusFirstMissing(blockedSaves: number, first: { field_group: string; field: string } | undefined) {
  const seen = useRef(blockedSaves);
  useEffect(() => {
    if (blockedSaves === seen.current) return;
    seen.current = blockedSaves;
    if (first) document.getElementById(fieldControlId(first.field_group, first.field))?.focus();
  }, [blockedSaves, first]);
}

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

const Header = styled.div`
  display: grid;
  gap: 4px;

  h2 {
    margin: 0;
  }
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: 16px;

  @media (max-width: ${({ theme }) => theme.narrowScreenPx}px) {
    grid-template-columns: 1fr;
  }
`;
