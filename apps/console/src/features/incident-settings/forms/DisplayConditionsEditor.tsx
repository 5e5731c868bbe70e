import type { DisplayConditionDto, DisplayConditionTypeName, IncidentFieldDto } from '@beacon/contracts';
import { CUSTOMER_PERMISSIONS, ownValue } from '@beacon/domain';
import { useEffect } from 'react';
import styled from 'styled-components';
import { Checkbox, ErrorMessages, Input, ItemButton, Labelled, Note, Select } from '../components/controls';
import { ItemName } from '../components/list-parts';
import { errorSummary } from '../../../api/incident-errors';
import { CONDITION_STATES, expectedValues } from './display-condition-text';
import type { ConditionFieldType } from './use-condition-field-types';

interface DisplayConditionsEditorProps {
  conditions: readonly DisplayConditionDto[];
  onChange: (conditions: DisplayConditionDto[]) => void;
  /** The fields of the form, which a field condition can look at. */
  formFields: readonly IncidentFieldDto[];
  fieldTypes: Readonly<Record<string, ConditionFieldType>>;
  requestFieldType: (fieldId: string) => void;
}

const TYPE_LABELS: Record<DisplayConditionTypeName, string> = {
  state: 'The state',
  permission: 'The user’s permission',
  field: 'A field’s value',
};

const INPUT_TYPES: Partial<Record<string, string>> = { NUMBER: 'number', DATE: 'date', TIME: 'time', DATETIME: 'datetime-local' };

/** A new condition of the type chosen, with its first choice filled in. */
function conditionOf(type: DisplayConditionTypeName, formFields: readonly IncidentFieldDto[]): DisplayConditionDto {
  if (type === 'state') return { type, value: CONDITION_STATES[0], values: null };
  if (type === 'permission') return { type, value: CUSTOMER_PERMISSIONS[0], values: null };
  const field = formFields[0];
  return { type, field_id: field?.id ?? null, field_type: field?.field_type ?? null, value: null, values: null };
}

/**
 * A field group's display conditions (spec §3, §4): the group is shown only when all of them are
 * met. Each looks at the incident's state, the user's permission, or the value of a field of the
 * form (its choices come from the field's type and options).
 */
export function DisplayConditionsEditor({ conditions, onChange, formFields, fieldTypes, requestFieldType }: DisplayConditionsEditorProps) {
  const replace = (index: number, condition: DisplayConditionDto) => onChange(conditions.map((current, i) => (i === index ? condition : current)));
  return (
    <Box aria-label="Display conditions">
      <h4>Display conditions</h4>
      {conditions.length === 0 ? (
        <Note>No conditions: the group is always shown.</Note>
      ) : (
        <Note>The group is shown only when all of these are met.</Note>
      )}
      <ol>
        {conditions.map((condition, index) => (
          <li key={index}>
            <ConditionRow
              position={index + 1}
              condition={condition}
              formFields={formFields}
              fieldTypes={fieldTypes}
              requestFieldType={requestFieldType}
              onChange={(changed) => replace(index, changed)}
              onRemove={() => onChange(conditions.filter((_, i) => i !== index))}
            />
          </li>
        ))}
      </ol>
      <div>
        <ItemButton type="button" onClick={() => onChange([...conditions, conditionOf('state', formFields)])}>
          Add condition
        </ItemButton>
      </div>
    </Box>
  );
}

interface ConditionRowProps {
  position: number;
  condition: DisplayConditionDto;
  formFields: readonly IncidentFieldDto[];
  fieldTypes: Readonly<Record<string, ConditionFieldType>>;
  requestFieldType: (fieldId: string) => void;
  onChange: (condition: DisplayConditionDto) => void;
  onRemove: () => void;
}

function ConditionRow({ position, condition, formFields, fieldTypes, requestFieldType, onChange, onRemove }: ConditionRowProps) {
  const name = `Condition ${position}`;
  return (
    <Row role="group" aria-label={name}>
      <Labelled label={`${name}: shown by`}>
        {(control) => (
          <Select
            {...control}
            value={condition.type}
            onChange={(event) => onChange(conditionOf(event.target.value as DisplayConditionTypeName, formFields))}
          >
            {(Object.keys(TYPE_LABELS) as DisplayConditionTypeName[]).map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        )}
      </Labelled>
      {condition.type === 'state' && (
        <Labelled label="State">
          {(control) => (
            <Select {...control} value={String(expectedValues(condition)[0] ?? '')} onChange={(event) => onChange({ ...condition, value: event.target.value, values: null })}>
              {CONDITION_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </Select>
          )}
        </Labelled>
      )}
      {condition.type === 'permission' && (
        <Labelled label="Permission">
          {(control) => (
            <Select
              {...control}
              value={String(expectedValues(condition)[0] ?? '').toUpperCase()}
              onChange={(event) => onChange({ ...condition, value: event.target.value, values: null })}
            >
              {CUSTOMER_PERMISSIONS.map((permission) => (
                <option key={permission} value={permission}>
                  {permission}
                </option>
              ))}
            </Select>
          )}
        </Labelled>
      )}
      {condition.type === 'field' && (
        <FieldCondition
          condition={condition}
          formFields={formFields}
          fieldTypes={fieldTypes}
          requestFieldType={requestFieldType}
          onChange={onChange}
        />
      )}
      <ItemButton type="button" data-danger="true" onClick={onRemove}>
        Remove<ItemName name={name} />
      </ItemButton>
    </Row>
  );
}

function FieldCondition({ condition, formFields, fieldTypes, requestFieldType, onChange }: Omit<ConditionRowProps, 'position' | 'onRemove'>) {
  const fieldId = condition.field_id ?? '';
  useEffect(() => {
    if (fieldId) requestFieldType(fieldId);
  }, [fieldId, requestFieldType]);
  const lookup = fieldId ? ownValue(fieldTypes, fieldId) : undefined;
  const known = formFields.some((field) => field.id === fieldId);

  return (
    <>
      <Labelled label="Field" hint={formFields.length === 0 ? 'Add fields to the form’s groups first.' : undefined}>
        {(control) => (
          <Select
            {...control}
            value={fieldId}
            onChange={(event) => {
              const field = formFields.find((candidate) => candidate.id === event.target.value);
              onChange({ ...condition, field_id: event.target.value || null, field_type: field?.field_type ?? null, value: null, values: null });
            }}
          >
            {!known && <option value={fieldId}>{fieldId ? 'A field no longer on this form' : 'Choose a field'}</option>}
            {formFields.map((field) => (
              <option key={field.id} value={field.id}>
                {field.label}
              </option>
            ))}
          </Select>
        )}
      </Labelled>
      {lookup?.status === 'loading' && <Note role="status">Loading the field’s choices…</Note>}
      {lookup?.status === 'failed' && (
        <div>
          <ErrorMessages messages={[errorSummary(lookup.error)]} />
          <ItemButton type="button" onClick={() => requestFieldType(fieldId)}>
            Try again
          </ItemButton>
        </div>
      )}
      {lookup?.status === 'loaded' && (
        <FieldValueChoice
          condition={{ ...condition, field_type: lookup.type.field_type }}
          options={lookup.type.options}
          onChange={(changed) => onChange({ ...changed, field_type: lookup.type.field_type })}
        />
      )}
    </>
  );
}

interface FieldValueChoiceProps {
  condition: DisplayConditionDto;
  options: readonly { id: string; value: string }[];
  onChange: (condition: DisplayConditionDto) => void;
}

/** What value of the field shows the group, offered as the field's type allows. */
function FieldValueChoice({ condition, options, onChange }: FieldValueChoiceProps) {
  const type = condition.field_type ?? 'TEXT';
  const expected = expectedValues(condition).map(String);

  if (type === 'SINGLESELECT' || type === 'MULTISELECT') {
    const chosen = new Set(expected);
    return (
      <fieldset>
        <legend>Shown when the value is any of</legend>
        {options.length === 0 && <Note>This field has no options yet.</Note>}
        {options.map((option) => (
          <Checkbox
            key={option.id}
            label={option.value}
            checked={chosen.has(option.id)}
            onChange={(checked) =>
              onChange({
                ...condition,
                value: null,
                values: options.filter((candidate) => (candidate.id === option.id ? checked : chosen.has(candidate.id))).map((o) => o.id),
              })
            }
          />
        ))}
      </fieldset>
    );
  }
  if (type === 'CHECKBOX' || type === 'ATTACHMENT') {
    const empty = expected.length === 0;
    return (
      <Labelled label="Shown when the field">
        {(control) => (
          <Select
            {...control}
            value={empty ? 'empty' : 'checked'}
            onChange={(event) => onChange({ ...condition, value: event.target.value === 'checked' ? true : null, values: null })}
          >
            {type === 'CHECKBOX' && <option value="checked">is checked</option>}
            <option value="empty">is empty</option>
          </Select>
        )}
      </Labelled>
    );
  }
  return (
    <Labelled label="Shown when the value is">
      {(control) => (
        <Input
          {...control}
          type={INPUT_TYPES[type] ?? 'text'}
          step={type === 'NUMBER' ? 'any' : undefined}
          value={expected[0] ?? ''}
          onChange={(event) => onChange({ ...condition, value: event.target.value, values: null })}
        />
      )}
    </Labelled>
  );
}

const Box = styled.section`
  display: grid;
  gap: 8px;

  h4 {
    margin: 0;
  }

  ol {
    display: grid;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  fieldset {
    display: grid;
    gap: 4px;
    margin: 0;
    padding: 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 4px;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: flex-end;
  padding: 8px;
  background: ${({ theme }) => theme.colors.background};
  border-radius: 4px;
`;
