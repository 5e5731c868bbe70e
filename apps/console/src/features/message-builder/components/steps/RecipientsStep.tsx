import type { CustomerGroupFieldDto } from '@beacon/contracts';
import { RECIPIENT_TYPE_LABELS, type RecipientCriterion, type RecipientSelection, type RecipientType } from '@beacon/domain';
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { SecondaryButton } from '../../../../shared-ui/buttons';
import { Input, Select } from '../../../../shared-ui/form-controls';
import { CheckboxField, Fieldset, Hint, Labelled } from '../../../../shared-ui/labelled-controls';
import { hasPermission, useBuilder, useBuilderSelector } from '../../builder-context';
import type { CriteriaList } from '../../draft-edits';
import { sameJson, selectDraft, selectFields, selectGroups } from '../../message-builder.selectors';
import { RecipientCount } from '../RecipientCount';
import { StepFrame } from '../StepFrame';
import { UserPicker } from '../UserPicker';

const TYPE_LABEL = new Map(RECIPIENT_TYPE_LABELS.map(({ value, label }) => [value, label]));

/** A choice of the type list: a recipient type, or a select field (`field:<id>`), whose options are the values. */
type TypeChoice = { value: string; label: string; type: RecipientType; field?: CustomerGroupFieldDto };

const SELECT_TYPES: ReadonlySet<string> = new Set(['SINGLESELECT', 'MULTISELECT']);

/** The field whose options a select criterion's values are. */
function fieldOf(criterion: RecipientCriterion, fields: readonly CustomerGroupFieldDto[]): CustomerGroupFieldDto | undefined {
  return fields.find((field) => criterion.recipient_value.some((value) => field.options.some((option) => option.id === value)));
}

/**
 * Recipients (spec part 2 §3 "Recipient types", §6): who the message is for, by include criteria,
 * one or several (all or any of them), and optionally who is left out; the live count of who it
 * would reach, and on which channels.
 */
export function RecipientsStep() {
  const environment = useBuilder();
  const { actor } = environment;
  const draft = useBuilderSelector(selectDraft);
  const fields = useBuilderSelector(selectFields);
  const groups = useBuilderSelector(selectGroups, sameJson);
  const { recipients } = draft;
  const set = (patch: Partial<RecipientSelection>) => actor.send({ type: 'builder.recipients', recipients: { ...recipients, ...patch } });

  const choices: TypeChoice[] = [
    { value: 'everyone', label: TYPE_LABEL.get('everyone')!, type: 'everyone' },
    { value: 'user', label: TYPE_LABEL.get('user')!, type: 'user' },
    // Spec part 2 §3: Datasets only where there is more than one customer group.
    ...(groups.length > 1 ? [{ value: 'group', label: TYPE_LABEL.get('group')!, type: 'group' as const }] : []),
    ...(hasPermission(environment, 'On Call core platform access') ? [{ value: 'on_call', label: TYPE_LABEL.get('on_call')!, type: 'on_call' as const }] : []),
    ...(fields ?? [])
      .filter((field) => SELECT_TYPES.has(field.field_type))
      .map((field) => ({ value: `field:${field.id}`, label: field.label, type: (field.field_type === 'SINGLESELECT' ? 'select' : 'multiselect') as RecipientType, field })),
    ...(draft.is_phone_invoke
      ? [
          { value: 'telephony_id', label: TYPE_LABEL.get('telephony_id')!, type: 'telephony_id' as const },
          { value: 'telephony_pin', label: TYPE_LABEL.get('telephony_pin')!, type: 'telephony_pin' as const },
        ]
      : []),
  ];

  return (
    <StepFrame step="recipients" description="Choose who receives the message, and who is left out." fieldKeys={['recipients']}>
      <Criteria list="include" legend="Include" choices={choices} criteria={recipients.include} onChange={(include) => set({ include })}>
        <Matching
          legend="Recipients meet"
          options={[
            ['single', 'One criterion'],
            ['all', 'All of the criteria'],
            ['any', 'Any of the criteria'],
          ]}
          value={recipients.is_single_criteria ? 'single' : recipients.is_multiple_criteria_all ? 'all' : 'any'}
          onChange={(value) =>
            set({
              is_single_criteria: value === 'single',
              is_multiple_criteria_all: value === 'all',
              include: value === 'single' ? recipients.include.slice(0, 1) : recipients.include,
            })
          }
        />
      </Criteria>
      <CheckboxField label="Exclude recipients" checked={recipients.is_exclude_recipients} onChange={(is_exclude_recipients) => set({ is_exclude_recipients })} />
      {recipients.is_exclude_recipients && (
        <Criteria list="exclude" legend="Exclude" choices={choices} criteria={recipients.exclude} onChange={(exclude) => set({ exclude })}>
          <Matching
            legend="Left out when they meet"
            options={[
              ['all', 'All of the criteria'],
              ['any', 'Any of the criteria'],
            ]}
            value={recipients.is_exclude_recipients_all ? 'all' : 'any'}
            onChange={(value) => set({ is_exclude_recipients_all: value === 'all' })}
          />
        </Criteria>
      )}
      <RecipientCount />
    </StepFrame>
  );
}

interface CriteriaProps {
  list: CriteriaList;
  legend: string;
  choices: readonly TypeChoice[];
  criteria: readonly RecipientCriterion[];
  onChange: (criteria: RecipientCriterion[]) => void;
  children: ReactNode;
}

function Criteria({ list, legend, choices, criteria, onChange, children }: CriteriaProps) {
  const { actor } = useBuilder();
  const recipients = useBuilderSelector((snapshot) => snapshot.context.draft.recipients);
  const fields = useBuilderSelector(selectFields) ?? [];
  // The field a select criterion is about while it has no values yet (the criterion names only option ids).
  const [chosenFields, setChosenFields] = useState<Record<number, string>>({});
  const single = list === 'include' && recipients.is_single_criteria;

  const choiceOf = (criterion: RecipientCriterion, index: number): string => {
    if (criterion.recipient_type !== 'select' && criterion.recipient_type !== 'multiselect') return criterion.recipient_type;
    const field = fieldOf(criterion, fields) ?? fields.find((each) => each.id === chosenFields[index]);
    return field ? `field:${field.id}` : '';
  };

  return (
    <Fieldset>
      <legend>{legend}</legend>
      {children}
      {criteria.map((criterion, index) => {
        const choice = choiceOf(criterion, index);
        const position = `${legend} criterion ${index + 1}`;
        return (
          <Row key={index} role="group" aria-label={position}>
            <Labelled label="Recipient type">
              {(control) => (
                <Select
                  {...control}
                  value={choice}
                  onChange={(event) => {
                    const picked = choices.find((each) => each.value === event.target.value);
                    if (!picked) return;
                    if (picked.field) setChosenFields((known) => ({ ...known, [index]: picked.field!.id }));
                    actor.send({ type: 'builder.criterionType', list, index, recipientType: picked.type, fieldChanged: picked.value !== choice });
                  }}
                >
                  {choice === '' && <option value="">Choose…</option>}
                  {!choices.some((each) => each.value === choice) && choice !== '' && <option value={choice}>{TYPE_LABEL.get(criterion.recipient_type as RecipientType) ?? choice}</option>}
                  {choices.map((each) => (
                    <option key={each.value} value={each.value}>
                      {each.label}
                    </option>
                  ))}
                </Select>
              )}
            </Labelled>
            <CriterionValues
              criterion={criterion}
              field={fields.find((field) => `field:${field.id}` === choice)}
              onChange={(recipient_value) => onChange(criteria.map((each, at) => (at === index ? { ...each, recipient_value } : each)))}
            />
            <div>
              <SecondaryButton type="button" aria-label={`Remove ${position}`} onClick={() => onChange(criteria.filter((_, at) => at !== index))}>
                Remove
              </SecondaryButton>
            </div>
          </Row>
        );
      })}
      {criteria.length === 0 && <Hint>No criteria yet.</Hint>}
      {!(single && criteria.length >= 1) && (
        <div>
          <SecondaryButton type="button" onClick={() => onChange([...criteria, { recipient_type: 'everyone', recipient_value: [] }])}>
            Add a criterion to {legend.toLowerCase()}
          </SecondaryButton>
        </div>
      )}
    </Fieldset>
  );
}

function CriterionValues({ criterion, field, onChange }: { criterion: RecipientCriterion; field: CustomerGroupFieldDto | undefined; onChange: (values: string[]) => void }) {
  const groups = useBuilderSelector(selectGroups, sameJson);
  const values = criterion.recipient_value;
  const many = (label: string, options: readonly { id: string; label: string }[], hint?: string) => (
    <Labelled label={label} hint={hint}>
      {(control) => (
        <Select {...control} multiple size={Math.min(6, Math.max(2, options.length))} value={[...values]} onChange={(event) => onChange(Array.from(event.target.selectedOptions, (option) => option.value))}>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Labelled>
  );
  switch (criterion.recipient_type) {
    case 'everyone':
      return <Hint>Every message recipient of the customer group.</Hint>;
    case 'user':
      return <UserPicker label="Individuals" chosen={values} onChange={onChange} />;
    case 'group':
      return many('Datasets', groups.map((group) => ({ id: group.id, label: group.name })));
    case 'on_call':
      return many('On call in', groups.map((group) => ({ id: group.id, label: group.name })), 'None chosen: whoever is on call in the organisation.');
    case 'select':
    case 'multiselect':
      return field ? many(`${field.label} options`, field.options.filter((option) => !option.excluded)) : <Hint>Choose the field first.</Hint>;
    case 'telephony_id':
    case 'telephony_pin':
      return (
        <Labelled label={`${TYPE_LABEL.get(criterion.recipient_type)} values`} hint="Digits, separated by commas.">
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              value={values.join(', ')}
              onChange={(event) => onChange(event.target.value.split(',').map((value) => value.trim()).filter((value) => value !== ''))}
            />
          )}
        </Labelled>
      );
  }
}

function Matching({ legend, options, value, onChange }: { legend: string; options: readonly [string, string][]; value: string; onChange: (value: string) => void }) {
  const name = useId();
  return (
    <Radios>
      <legend>{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option}>
          <input type="radio" name={name} checked={value === option} onChange={() => onChange(option)} />
          {label}
        </label>
      ))}
    </Radios>
  );
}

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(180px, 1fr) minmax(240px, 2fr) auto;
  gap: 12px;
  align-items: start;
  padding-top: 8px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Radios = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  margin: 0;
  padding: 0;
  border: none;

  legend {
    padding: 0 0 4px;
    font-weight: 500;
  }

  label {
    display: flex;
    gap: 6px;
    align-items: center;
  }
`;
