import type { FieldGroupDto, IncidentDto, IncidentValueEntry } from '@beacon/contracts';
import { isFieldGroupShown, ownValue } from '@beacon/domain';
import styled from 'styled-components';
import { conditionContextOf, currentValues, fieldGroupsOf, isIgnored, type IncidentEdits } from '../incident-values';
import type { AttachmentActions } from '../../../shared-ui/incident-fields/AttachmentField';
import { CheckLabel, Note } from '../../../shared-ui/incident-fields/form-controls';
import { IncidentFieldControl, type FieldMessage } from '../../../shared-ui/incident-fields/IncidentFieldControl';

/** The id of a field's control in a group, so a stopped save can move focus to it. */
export const fieldControlId = (fieldGroup: string, field: string) => `incident-field-${fieldGroup}-${field}`;

export interface IncidentFieldGroupsProps {
  incident: IncidentDto;
  edits: IncidentEdits;
  /** The user's customer permission, for display conditions of type permission. */
  permission: string;
  /** Values shown as text, nothing can be changed (a closed incident, an earlier version). */
  readOnly: boolean;
  timeZone: string;
  attachments: AttachmentActions;
  messagesFor: (fieldGroup: string, field: string) => FieldMessage[];
  onEdit?: (fieldGroup: string, field: string, values: IncidentValueEntry[]) => void;
  onIgnore?: (fieldGroup: string, ignored: boolean) => void;
}

/**
 * The field groups of the incident's form snapshot, in order, each shown only while its display
 * conditions hold for the incident's state, the user's permission and the values as edited (so a
 * group appears or goes as the user types).
 */
export function IncidentFieldGroups(props: IncidentFieldGroupsProps) {
  const { incident, edits, permission } = props;
  const context = conditionContextOf(incident, edits, permission);
  const shown = fieldGroupsOf(incident).filter((group) => isFieldGroupShown(group.display_conditions, context));
  if (shown.length === 0) return <Note>This form has no field groups to fill in.</Note>;
  return (
    <Groups>
      {shown.map((group) => (
        <FieldGroupSection key={group.id} group={group} {...props} />
      ))}
    </Groups>
  );
}

function FieldGroupSection({
  group,
  incident,
  edits,
  readOnly,
  timeZone,
  attachments,
  messagesFor,
  onEdit,
  onIgnore,
}: IncidentFieldGroupsProps & { group: FieldGroupDto }) {
  const ignored = isIgnored(incident, edits, group.id);
  const content = plainText(group.content);
  return (
    <Group>
      <legend>{group.title}</legend>
      {content && <Content>{content}</Content>}
      {!readOnly && onIgnore && (
        <CheckLabel>
          <input type="checkbox" checked={ignored} onChange={(event) => onIgnore(group.id, event.target.checked)} />
          Ignore “{group.title}”
        </CheckLabel>
      )}
      {ignored ? (
        <Note>This group is ignored: its values are not saved and it needs none.</Note>
      ) : (
        group.form_field_mappings.map((mapping) => {
          const field = ownValue(incident.form_snapshot.fields, mapping.field);
          if (!field) return null;
          return (
            <IncidentFieldControl
              key={mapping.field}
              id={fieldControlId(group.id, mapping.field)}
              field={field}
              required={mapping.is_required}
              values={currentValues(incident, edits, group.id, mapping.field)}
              messages={messagesFor(group.id, mapping.field)}
              readOnly={readOnly}
              timeZone={timeZone}
              attachments={attachments}
              onChange={(values) => onEdit?.(group.id, mapping.field, values)}
            />
          );
        })
      )}
    </Group>
  );
}

/**
 * A group's content as plain text: it is rich text written in the settings, and showing it as text
 * keeps any markup in it from running in the page.
 */
function plainText(content: string): string {
  if (!content || !content.trim()) return '';
  if (!/[<&]/.test(content)) return content.trim();
  return (new DOMParser().parseFromString(content, 'text/html').body.textContent ?? '').trim();
}

const Groups = styled.div`
  display: grid;
  gap: 16px;
`;

const Group = styled.fieldset`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 12px 16px 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  > legend {
    padding: 0 4px;
    font-weight: 600;
  }
`;

const Content = styled.p`
  margin: 0;
  white-space: pre-wrap;
`;
