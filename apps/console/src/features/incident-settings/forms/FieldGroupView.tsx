import type { IncidentFieldDto } from '@beacon/contracts';
import styled from 'styled-components';
import { Note } from '../components/controls';
import { FIELD_TYPE_LABELS } from '../fields/field-types';
import type { FieldGroup } from '../incident-settings-api';
import { displayConditionText } from './display-condition-text';

/** A field group as it stands, for reading: title, content, fields (required ones marked) and conditions. */
export function FieldGroupView({ group, fields }: { group: FieldGroup; fields: ReadonlyMap<string, IncidentFieldDto> }) {
  return (
    <View>
      <h3>{group.title}</h3>
      {group.content && <Content>{group.content}</Content>}
      {group.field_mappings.length === 0 ? (
        <Note>No fields in this group.</Note>
      ) : (
        <ul aria-label={`Fields of ${group.title}`}>
          {group.field_mappings.map((mapping) => {
            const field = fields.get(mapping.field);
            return (
              <li key={mapping.field}>
                {field ? field.label : 'A deleted field'}
                {field && <Muted> · {FIELD_TYPE_LABELS[field.field_type]}</Muted>}
                {mapping.is_required && <Muted> · Required</Muted>}
              </li>
            );
          })}
        </ul>
      )}
      {group.display_conditions.length > 0 && (
        <ul aria-label={`Display conditions of ${group.title}`}>
          {group.display_conditions.map((condition, index) => (
            <li key={index}>{displayConditionText(condition, fields)}</li>
          ))}
        </ul>
      )}
    </View>
  );
}

const View = styled.div`
  display: grid;
  gap: 6px;

  h3 {
    margin: 0;
    font-size: 1.05rem;
  }

  ul {
    margin: 0;
    padding-left: 20px;
  }
`;

const Content = styled.p`
  margin: 0;
  white-space: pre-line;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;
