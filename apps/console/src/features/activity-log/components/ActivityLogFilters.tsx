import { ACTIVITY_LOG_CATEGORIES, type ActivityLogCategory } from '@beacon/contracts';
import { useId } from 'react';
import { DateRangeFields, FilterProblem, FiltersForm } from '../../../shared-ui/FiltersForm';
import { Field, Input, Select } from '../../../shared-ui/form-controls';
import { useFilterDraft } from '../../../shared-ui/use-filter-draft';
import { useModuleNames } from '../../../navigation/use-module-names';
import { NO_FILTERS, type ActivityLogFilterValues } from '../activity-log-query';
import { categoryLabel } from '../category-labels';
import type { CustomerGroupOption } from '../customer-group-options';

interface ActivityLogFiltersProps {
  /** The filters the list shows; the form starts from them and follows when they change. */
  applied: ActivityLogFilterValues;
  customerGroups: readonly CustomerGroupOption[];
  customerGroupsFailed: boolean;
  onApply: (filters: ActivityLogFilterValues) => void;
  onReset: () => void;
}

/** Indents a group under its parent; the select cannot nest options deeper than one level. */
const indented = ({ name, depth }: CustomerGroupOption) => `${'\u00a0\u00a0\u00a0'.repeat(depth)}${name}`;

/** The filters the user edits; nothing is asked of the server until Apply. */
export function ActivityLogFilters({ applied, customerGroups, customerGroupsFailed, onApply, onReset }: ActivityLogFiltersProps) {
  const id = useId();
  const moduleNames = useModuleNames();
  const { draft, set, reset } = useFilterDraft(applied, NO_FILTERS, onReset);
  const fieldId = (name: keyof ActivityLogFilterValues) => `${id}-${name}`;
  const groupIsUnlisted = draft.customerGroup !== '' && !customerGroups.some((group) => group.id === draft.customerGroup);

  return (
    <FiltersForm label="Activity log filters" onApply={() => onApply(draft)} onReset={reset}>
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
        {customerGroupsFailed && <FilterProblem id={`${id}-groups-failed`}>The customer groups could not be loaded.</FilterProblem>}
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
      <DateRangeFields
        idPrefix={id}
        fromName="dateFrom"
        toName="dateTo"
        fromLabel="Date from"
        toLabel="Date to"
        from={draft.dateFrom}
        to={draft.dateTo}
        onFrom={(date) => set('dateFrom', date)}
        onTo={(date) => set('dateTo', date)}
      />
    </FiltersForm>
  );
}
