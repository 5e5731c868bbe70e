import type { IncidentFieldDto, IncidentValueEntry } from '@beacon/contracts';
import { useId } from 'react';
import styled from 'styled-components';
import type { AttachmentActions } from '../../../shared-ui/incident-fields/AttachmentField';
import { IncidentFieldControl } from '../../../shared-ui/incident-fields/IncidentFieldControl';

interface TemplateFieldProps {
  field: IncidentFieldDto;
  values: readonly IncidentValueEntry[];
  required: boolean;
  /** The template's label colour; '' for the default. */
  labelColor: string;
  /** What is wrong with the value (a required value missing, a broken rule, a failed upload). */
  errors: readonly string[];
  /** Uploads to the public page's endpoint, for the field's group. */
  attachments: AttachmentActions;
  onChange: (values: IncidentValueEntry[]) => void;
}

/** The guest's time zone: the browser's. */
const guestTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * One field of the public incident template page: the incident form's control for its field type,
 * its labels in the template's label colour.
 */
export function TemplateField({ field, values, required, labelColor, errors, attachments, onChange }: TemplateFieldProps) {
  const id = useId();
  return (
    <Branded $labelColor={labelColor}>
      <IncidentFieldControl
        id={id}
        field={field}
        required={required}
        values={[...values]}
        messages={errors.map((text) => ({ text, kind: 'error' as const }))}
        readOnly={false}
        timeZone={guestTimeZone()}
        attachments={attachments}
        onChange={onChange}
      />
    </Branded>
  );
}

/** The field's label (or legend) in the template's colour; a choice's own label keeps the text colour. */
const Branded = styled.div<{ $labelColor: string }>`
  label,
  legend {
    color: ${({ $labelColor, theme }) => $labelColor || theme.colors.text};
  }

  fieldset label {
    color: inherit;
  }
`;
