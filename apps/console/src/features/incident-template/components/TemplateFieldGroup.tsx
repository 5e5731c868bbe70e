import type { FieldGroupDto, FormRuleErrorDto, IncidentFieldDto, IncidentValueEntry } from '@beacon/contracts';
import { ownValue, REQUIRED_VALUE_MESSAGE, type RequiredValueGap } from '@beacon/domain';
import styled from 'styled-components';
import type { AttachmentActions } from '../../../shared-ui/incident-fields/AttachmentField';
import { valueKey, type TemplateValues } from '../template-values';
import { TemplateField } from './TemplateField';

interface TemplateFieldGroupProps {
  group: FieldGroupDto;
  fields: Readonly<Record<string, IncidentFieldDto>>;
  values: TemplateValues;
  labelColor: string;
  gaps: readonly RequiredValueGap[];
  ruleErrors: readonly FormRuleErrorDto[];
  uploadErrors: Readonly<Record<string, string>>;
  /** What the group's ATTACHMENT fields do with files (uploads to the public page's endpoint). */
  attachments: AttachmentActions;
  onChange: (field: string, values: IncidentValueEntry[]) => void;
}

/** Rich text from the settings, shown as plain text: a public page renders no markup it was given. */
function plainText(content: string): string {
  if (!/[<&]/.test(content)) return content;
  return new DOMParser().parseFromString(content, 'text/html').body.textContent ?? '';
}

/** A field group of the template's form: its title, its text and its fields in their order. */
export function TemplateFieldGroup({ group, fields, values, labelColor, gaps, ruleErrors, uploadErrors, attachments, onChange }: TemplateFieldGroupProps) {
  const content = plainText(group.content).trim();
  return (
    <Group>
      <legend>{group.title}</legend>
      {content !== '' && <Content>{content}</Content>}
      {group.form_field_mappings.map((mapping) => {
        const field = ownValue(fields, mapping.field);
        if (!field) return null;
        const key = valueKey(group.id, mapping.field);
        const errors = [
          ...(gaps.some((gap) => gap.field_group === group.id && gap.field === mapping.field) ? [REQUIRED_VALUE_MESSAGE] : []),
          ...ruleErrors.filter((rule) => rule.for_field === mapping.field).map((rule) => rule.message),
          ...(uploadErrors[key] ? [uploadErrors[key]] : []),
        ];
        return (
          <TemplateField
            key={mapping.field}
            field={field}
            values={values[key] ?? []}
            required={mapping.is_required}
            labelColor={labelColor}
            errors={errors}
            attachments={attachments}
            onChange={(next) => onChange(mapping.field, next)}
          />
        );
      })}
    </Group>
  );
}

const Group = styled.fieldset`
  display: grid;
  gap: 16px;
  margin: 0;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  legend {
    padding: 0 4px;
    font-size: 1.125rem;
    font-weight: 600;
  }
`;

const Content = styled.p`
  margin: 0;
  white-space: pre-line;
  color: ${({ theme }) => theme.colors.textMuted};
`;
