import type { IncidentFormDto } from '@beacon/contracts';
import { useId } from 'react';
import styled from 'styled-components';
import { DateRangeFields, FilterProblem, FiltersForm } from '../../../shared-ui/FiltersForm';
import { Field, Input, Select } from '../../../shared-ui/form-controls';
import { useFilterDraft } from '../../../shared-ui/use-filter-draft';
import { NO_FILTERS, REPORT_STATES, type IncidentReportFilterValues, type ReportState } from '../incident-reports-query';
import { stateLabel } from '../../../formatting/incident-state-labels';

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

/** The filters the user edits; nothing is asked of the server until Apply. */
export function IncidentReportFilters({ applied, forms, formsFailed, label, onApply, onReset }: IncidentReportFiltersProps) {
  const id = useId();
  const { draft, set, reset } = useFilterDraft(applied, NO_FILTERS, onReset);
  const toggleState = (state: ReportState, checked: boolean) =>
    set('states', checked ? [...draft.states, state] : draft.states.filter((s) => s !== state));
  const fieldId = (name: string) => `${id}-${name}`;
  const formIsUnlisted = draft.form !== '' && !forms.some((form) => form.id === draft.form);

  return (
    <FiltersForm label={label} onApply={() => onApply(draft)} onReset={reset}>
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
        {formsFailed && <FilterProblem id={`${id}-forms-failed`}>The forms could not be loaded.</FilterProblem>}
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
      <DateRangeFields
        idPrefix={id}
        fromName="createdFrom"
        toName="createdTo"
        fromLabel="Created from"
        toLabel="Created to"
        from={draft.createdFrom}
        to={draft.createdTo}
        onFrom={(date) => set('createdFrom', date)}
        onTo={(date) => set('createdTo', date)}
      />
    </FiltersForm>
  );
}

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
