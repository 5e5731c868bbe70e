import type { IncidentFormDto } from '@beacon/contracts';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PrimaryButton, SecondaryButton } from '../../../shared-ui/buttons';
import { Field, Input, Select } from '../../activity-log/components/form-controls';
import { NO_FILTERS, REPORT_STATES, type IncidentReportFilterValues, type ReportState } from '../incident-reports-query';
import { stateLabel } from '../state-labels';

interface IncidentReportFiltersProps {
  /** The filters the list shows; the form starts from them and follows when they change. */
  applied: IncidentReportFilterValues;
  forms: readonly IncidentFormDto[];
  formsFailed: boolean;
  /** "Case reports filters", with the configured module name. */
  label: string;
  onApply: (filters: IncidentReportFilterValues) => void;
  onReset: () => void;
}

const filtersKey = (filters: IncidentReportFilterValues) => JSON.stringify(filters);

/** The filters the user edits; nothing is asked of the server until Apply. */
export function IncidentReportFilters({ applied, forms, formsFailed, label, onApply, onReset }: IncidentReportFiltersProps) {
  const id = useId();
  const [draft, setDraft] = useState(applied);
  // Back, forward and shared links change the applied filters under the form: it follows them.
  const [shown, setShown] = useState(() => filtersKey(applied));
  if (shown !== filtersKey(applied)) {
    setShown(filtersKey(applied));
    setDraft(applied);
  }

  const set = <K extends keyof IncidentReportFilterValues>(name: K, value: IncidentReportFilterValues[K]) =>
    setDraft((current) => ({ ...current, [name]: value }));
  const toggleState = (state: ReportState, checked: boolean) =>
    set('states', checked ? [...draft.states, state] : draft.states.filter((s) => s !== state));
  const fieldId = (name: string) => `${id}-${name}`;
  const formIsUnlisted = draft.form !== '' && !forms.some((form) => form.id === draft.form);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const reset = () => {
    setDraft(NO_FILTERS);
    onReset();
  };

  return (
    <Form role="search" aria-label={label} onSubmit={submit}>
      <States>
        <legend>State</legend>
        {REPORT_STATES.map((state) => (
          <label key={state}>
            <input
              type="checkbox"
              name="state"
              value={state}
              checked={draft.states.includes(state)}
              onChange={(event) => toggleState(state, event.target.checked)}
            />
            {stateLabel(state)}
          </label>
        ))}
      </States>
      <Field>
        <label htmlFor={fieldId('form')}>Form</label>
        <Select
          id={fieldId('form')}
          value={draft.form}
          onChange={(event) => set('form', event.target.value)}
          aria-describedby={formsFailed ? `${id}-forms-failed` : undefined}
        >
          <option value="">All forms</option>
          {formIsUnlisted && <option value={draft.form}>{draft.form}</option>}
          {forms.map((form) => (
            <option key={form.id} value={form.id}>
              {form.name}
            </option>
          ))}
        </Select>
        {formsFailed && <Hint id={`${id}-forms-failed`}>The forms could not be loaded.</Hint>}
      </Field>
      <Field>
        <label htmlFor={fieldId('search')}>Search</label>
        <Input
          id={fieldId('search')}
          type="search"
          maxLength={200}
          placeholder="Title or form"
          value={draft.search}
          onChange={(event) => set('search', event.target.value)}
        />
      </Field>
      <Field>
        <label htmlFor={fieldId('createdFrom')}>Created from</label>
        <Input
          id={fieldId('createdFrom')}
          type="date"
          value={draft.createdFrom}
          max={draft.createdTo || undefined}
          onChange={(event) => set('createdFrom', event.target.value)}
        />
      </Field>
      <Field>
        <label htmlFor={fieldId('createdTo')}>Created to</label>
        <Input
          id={fieldId('createdTo')}
          type="date"
          value={draft.createdTo}
          min={draft.createdFrom || undefined}
          onChange={(event) => set('createdTo', event.target.value)}
        />
      </Field>
      <Actions>
        <PrimaryButton type="submit">Apply</PrimaryButton>
        <SecondaryButton type="button" onClick={reset}>
          Reset
        </SecondaryButton>
      </Actions>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 12px 16px;
  align-items: end;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;
`;

const States = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  grid-column: 1 / -1;
  margin: 0;
  padding: 0;
  border: none;

  legend {
    margin-bottom: 4px;
    padding: 0;
    font-weight: 500;
  }

  label {
    display: inline-flex;
    gap: 6px;
    align-items: center;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.error};
`;
