import { ACTIVITY_LOG_CATEGORIES, type ActivityLogCategory } from '@beacon/contracts';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PrimaryButton, SecondaryButton } from '../../../shared-ui/buttons';
import { useModuleNames } from '../../navigation/use-module-names';
import { NO_FILTERS, type ActivityLogFilterValues } from '../activity-log-query';
import { categoryLabel } from '../category-labels';
import type { CustomerGroupOption } from '../customer-group-options';
import { Field, Input, Select } from './form-controls';

interface ActivityLogFiltersProps {
  /** The filters the list shows; the form starts from them and follows when they change. */
  applied: ActivityLogFilterValues;
  customerGroups: readonly CustomerGroupOption[];
  customerGroupsFailed: boolean;
  onApply: (filters: ActivityLogFilterValues) => void;
  onReset: () => void;
}

const filtersKey = (filters: ActivityLogFilterValues) => JSON.stringify(filters);

/** Indents a group under its parent; the select cannot nest options deeper than one level. */
const indented = ({ name, depth }: CustomerGroupOption) => `${'\u00a0\u00a0\u00a0'.repeat(depth)}${name}`;

/** The filters the user edits; nothing is asked of the server until Apply. */
export function ActivityLogFilters({ applied, customerGroups, customerGroupsFailed, onApply, onReset }: ActivityLogFiltersProps) {
  const id = useId();
  const moduleNames = useModuleNames();
  const [draft, setDraft] = useState(applied);
  // Back, forward and shared links change the applied filters under the form: it follows them.
  const [shown, setShown] = useState(() => filtersKey(applied));
  if (shown !== filtersKey(applied)) {
    setShown(filtersKey(applied));
    setDraft(applied);
  }

  const set = <K extends keyof ActivityLogFilterValues>(name: K, value: ActivityLogFilterValues[K]) =>
    setDraft((current) => ({ ...current, [name]: value }));
  const fieldId = (name: keyof ActivityLogFilterValues) => `${id}-${name}`;
  const groupIsUnlisted = draft.customerGroup !== '' && !customerGroups.some((group) => group.id === draft.customerGroup);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const reset = () => {
    setDraft(NO_FILTERS);
    onReset();
  };

  return (
    <Form role="search" aria-label="Activity log filters" onSubmit={submit}>
      <Field>
        <label htmlFor={fieldId('customerGroup')}>Customer group</label>
        <Select
          id={fieldId('customerGroup')}
          value={draft.customerGroup}
          onChange={(event) => set('customerGroup', event.target.value)}
          aria-describedby={customerGroupsFailed ? `${id}-groups-failed` : undefined}
        >
          <option value="">All my customer groups</option>
          {groupIsUnlisted && <option value={draft.customerGroup}>{draft.customerGroup}</option>}
          {customerGroups.map((group) => (
            <option key={group.id} value={group.id}>
              {indented(group)}
            </option>
          ))}
        </Select>
        {customerGroupsFailed && <Hint id={`${id}-groups-failed`}>The customer groups could not be loaded.</Hint>}
      </Field>
      <Field>
        <label htmlFor={fieldId('category')}>Category</label>
        <Select
          id={fieldId('category')}
          value={draft.category}
          onChange={(event) => set('category', event.target.value as ActivityLogCategory | '')}
        >
          <option value="">All categories</option>
          {ACTIVITY_LOG_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(category, moduleNames)}
            </option>
          ))}
        </Select>
      </Field>
      <Field>
        <label htmlFor={fieldId('search')}>Action contains</label>
        <Input
          id={fieldId('search')}
          type="search"
          maxLength={200}
          value={draft.search}
          onChange={(event) => set('search', event.target.value)}
        />
      </Field>
      <Field>
        <label htmlFor={fieldId('dateFrom')}>Date from</label>
        <Input
          id={fieldId('dateFrom')}
          type="date"
          value={draft.dateFrom}
          max={draft.dateTo || undefined}
          onChange={(event) => set('dateFrom', event.target.value)}
        />
      </Field>
      <Field>
        <label htmlFor={fieldId('dateTo')}>Date to</label>
        <Input
          id={fieldId('dateTo')}
          type="date"
          value={draft.dateTo}
          min={draft.dateFrom || undefined}
          onChange={(event) => set('dateTo', event.target.value)}
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

const Actions = styled.div`
  display: flex;
  gap: 8px;
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.error};
`;
