import type { FormRuleRequest, FormRuleTypeName, IncidentFieldDto } from '@beacon/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Editor, EditorActions, ErrorMessages, Input, InputRow, Labelled, Select } from '../components/controls';
import { unplacedMessages, type IncidentCallError } from '../../../api/incident-errors';
import { RULE_TYPES, ruleTypeOf } from './rule-types';

export type RuleValues = Required<Omit<FormRuleRequest, 'order'>>;

interface RuleEditorProps {
  title: string;
  /** Where focus goes back when the editor closes (see Editor). */
  returnFocusTo?: string;
  initial: RuleValues;
  /** The fields of the rule's form: a rule checks one of them. */
  fields: readonly IncidentFieldDto[];
  submitText: string;
  saving: boolean;
  /** Spec §8: the server's message, for_field, type and value messages, shown as returned. */
  error: IncidentCallError | null;
  onSubmit: (values: RuleValues) => void;
  onCancel?: () => void;
  /** Shown after the buttons (Edit rule's way back). */
  children?: ReactNode;
}

const INPUTS = ['name', 'for_field', 'type', 'value', 'message'];

export const emptyRule = (fields: readonly IncidentFieldDto[]): RuleValues => ({
  name: '',
  for_field: fields[0]?.id ?? '',
  type: 'min_length',
  value: '',
  message: '',
});

/** A form rule: its name, the field it checks, what it checks and the message a user gets. */
export function RuleEditor({ title, returnFocusTo, initial, fields, submitText, saving, error, onSubmit, onCancel, children }: RuleEditorProps) {
  const [values, setValues] = useState(initial);
  const set = (changes: Partial<RuleValues>) => setValues((current) => ({ ...current, ...changes }));
  const ruleType = ruleTypeOf(values.type);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSubmit({ ...values, name: values.name.trim(), message: values.message.trim() });
  };
  const knownField = fields.some((field) => field.id === values.for_field);

  return (
    <Editor title={title} returnFocusTo={returnFocusTo} onSubmit={submit}>
      {error && <ErrorMessages messages={unplacedMessages(error, INPUTS)} />}
      <InputRow>
        <Labelled label="Name" errors={error?.fields['name']}>
          {(control) => <Input {...control} required value={values.name} onChange={(event) => set({ name: event.target.value })} />}
        </Labelled>
        <Labelled
          label="Field"
          hint={fields.length === 0 ? 'This form has no fields yet: add fields to its field groups first.' : undefined}
          errors={error?.fields['for_field']}
        >
          {(control) => (
            <Select {...control} required value={values.for_field} onChange={(event) => set({ for_field: event.target.value })}>
              {!knownField && <option value={values.for_field}>{values.for_field ? 'A field no longer on this form' : 'Choose a field'}</option>}
              {fields.map((field) => (
                <option key={field.id} value={field.id}>
                  {field.label}
                </option>
              ))}
            </Select>
          )}
        </Labelled>
      </InputRow>
      <InputRow>
        <Labelled label="Check" errors={error?.fields['type']}>
          {(control) => (
            <Select {...control} value={values.type} onChange={(event) => set({ type: event.target.value as FormRuleTypeName })}>
              {RULE_TYPES.map((entry) => (
                <option key={entry.type} value={entry.type}>
                  {entry.label}
                </option>
              ))}
            </Select>
          )}
        </Labelled>
        <Labelled label="Value" hint={ruleType.valueHint} errors={error?.fields['value']}>
          {(control) => (
            <Input
              {...control}
              required
              type={ruleType.input}
              step={ruleType.input === 'number' ? 'any' : undefined}
              value={values.value}
              onChange={(event) => set({ value: event.target.value })}
            />
          )}
        </Labelled>
      </InputRow>
      <Labelled label="Message" hint="What a user is told when a value breaks the rule." errors={error?.fields['message']}>
        {(control) => <Input {...control} required value={values.message} onChange={(event) => set({ message: event.target.value })} />}
      </Labelled>
      <EditorActions submitText={submitText} saving={saving} onCancel={onCancel}>
        {children}
      </EditorActions>
    </Editor>
  );
}
