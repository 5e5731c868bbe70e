import { CUSTOMER_PERMISSIONS, type CustomerGroupFieldDto } from '@beacon/contracts';
import { isSelectFieldType } from '@beacon/domain';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { ROLE_NAMES } from '../../../formatting/role-names';
import { SecondaryButton } from '../../../shared-ui/buttons';
import { FilterProblem } from '../../../shared-ui/FiltersForm';
import { Field, Input, Select } from '../../../shared-ui/form-controls';
import { CheckboxField } from '../../../shared-ui/labelled-controls';
import { useDebouncedSearch, useFollowing } from '../../../shared-ui/use-applied-filter';
import { isDeviceField } from '../../../shared-ui/user-fields/field-values';
import { indented, type GroupOption } from '../customer-group-options';
import { DEFAULT_QUERY, type UsersQuery } from '../users-query';

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

const ATTRIBUTE_CHOICES: ReadonlyMap<string, { label: string; values: readonly { value: string; label: string }[] }> = new Map([
  ['customer_permission', { label: 'Role', values: CUSTOMER_PERMISSIONS.map((role) => ({ value: role, label: ROLE_NAMES[role] })) }],
  ['is_active', { label: 'Active', values: YES_NO }],
  ['is_message_recipient', { label: 'Message recipient', values: YES_NO }],
]);

type FiltersPatch = Partial<Pick<UsersQuery, 'customerGroup' | 'includeSubGroups' | 'search' | 'field' | 'value' | 'missing'>>;

interface UsersFiltersProps {
  query: UsersQuery;
  /** The group the list shows (the user's own until another is chosen). */
  groupId: string;
  groups: readonly GroupOption[];
  groupsFailed: boolean;
  /** The contact fields the filters offer (none for roles that may not read them). */
  fields: readonly CustomerGroupFieldDto[];
  fieldsFailed: boolean;
  onChange: (patch: FiltersPatch) => void;
}

/** The value filters the list takes one of: an attribute, or a select field's options. */
function filterChoices(field: string, fields: readonly CustomerGroupFieldDto[]) {
  const attribute = ATTRIBUTE_CHOICES.get(field);
  if (attribute) return attribute;
  const contactField = fields.find((candidate) => candidate.id === field);
  return contactField ? { label: contactField.label, values: contactField.options.map((option) => ({ value: option.id, label: option.label })) } : null;
}

/**
 * The list's filters, each applied as it is chosen: the customer group and its sub-groups, a search
 * by name or email (once typing pauses), one filter by value (role, active, message recipient or a
 * choice field's option: the list takes one) and users without a value (never signed in, no mobile).
 */
export function UsersFilters({ query, groupId, groups, groupsFailed, fields, fieldsFailed, onChange }: UsersFiltersProps) {
  const id = useId();
  const search = useDebouncedSearch(query.search, (text) => onChange({ search: text }));
  const [includeSubGroups, setIncludeSubGroups] = useFollowing(query.includeSubGroups);
  // The filter chosen, before a value is: it stands while the applied filter is the one it was chosen against.
  const [choice, setChoice] = useState({ field: query.field, against: query.field });
  const filterField = choice.against === query.field ? choice.field : query.field;
  const choices = filterChoices(filterField, fields);
  const selectFields = fields.filter((field) => isSelectFieldType(field.field_type) && field.options.length > 0);
  const groupListed = groups.some((group) => group.id === groupId);
  const filtered = query.field !== '' || query.missing !== '' || query.search !== '';

  const chooseFilter = (field: string) => {
    // Another filter: the one applied goes until a value of the new one is chosen.
    setChoice({ field, against: '' });
    if (query.field !== '') onChange({ field: '', value: '' });
  };

  return (
    <Filters role="search" aria-label="Filter users" onSubmit={(event) => event.preventDefault()}>
      <Field>
        <label htmlFor={`${id}-group`}>Customer group</label>
        <Select
          id={`${id}-group`}
          value={groupId}
          aria-describedby={groupsFailed ? `${id}-groups-failed` : undefined}
          onChange={(event) => onChange({ customerGroup: event.target.value })}
        >
          {!groupListed && <option value={groupId}>My customer group</option>}
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {indented(group)}
            </option>
          ))}
        </Select>
        {groupsFailed && <FilterProblem id={`${id}-groups-failed`}>The customer groups could not be loaded.</FilterProblem>}
      </Field>
      <SubGroups>
        <CheckboxField
          label="Include sub-groups"
          checked={includeSubGroups}
          onChange={(checked) => {
            setIncludeSubGroups(checked);
            onChange({ includeSubGroups: checked });
          }}
        />
      </SubGroups>
      <Field>
        <label htmlFor={`${id}-search`}>Search by name or email</label>
        <Input id={`${id}-search`} type="search" maxLength={200} value={search.text} onChange={(event) => search.type(event.target.value)} />
      </Field>
      <Field>
        <label htmlFor={`${id}-field`}>Filter by</label>
        <Select
          id={`${id}-field`}
          value={filterField}
          aria-describedby={fieldsFailed ? `${id}-fields-failed` : undefined}
          onChange={(event) => chooseFilter(event.target.value)}
        >
          <option value="">No filter</option>
          {[...ATTRIBUTE_CHOICES].map(([field, { label }]) => (
            <option key={field} value={field}>
              {label}
            </option>
          ))}
          {selectFields.length > 0 && (
            <optgroup label="Contact fields">
              {selectFields.map((field) => (
                <option key={field.id} value={field.id}>
                  {field.label}
                </option>
              ))}
            </optgroup>
          )}
        </Select>
        {fieldsFailed && <FilterProblem id={`${id}-fields-failed`}>The contact fields could not be loaded.</FilterProblem>}
      </Field>
      <Field>
        <label htmlFor={`${id}-value`}>{choices ? `${choices.label} is` : 'Value'}</label>
        <Select
          id={`${id}-value`}
          value={filterField === query.field ? query.value : ''}
          disabled={!choices}
          onChange={(event) => onChange(event.target.value === '' ? { field: '', value: '' } : { field: filterField, value: event.target.value })}
        >
          <option value="">{choices ? 'Any' : 'Choose a filter first'}</option>
          {choices?.values.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field>
        <label htmlFor={`${id}-missing`}>Without</label>
        <Select id={`${id}-missing`} value={query.missing} onChange={(event) => onChange({ missing: event.target.value })}>
          <option value="">No condition</option>
          <option value="last_activity">Never signed in</option>
          <MissingFields label="Devices" fields={fields.filter(isDeviceField)} />
          <MissingFields label="Data" fields={fields.filter((field) => !isDeviceField(field))} />
        </Select>
      </Field>
      <Clear>
        <SecondaryButton
          type="button"
          disabled={!filtered}
          onClick={() => {
            search.type('');
            setChoice({ field: '', against: '' });
            onChange({ search: '', field: '', value: '', missing: DEFAULT_QUERY.missing });
          }}
        >
          Clear filters
        </SecondaryButton>
      </Clear>
    </Filters>
  );
}

function MissingFields({ label, fields }: { label: string; fields: readonly CustomerGroupFieldDto[] }) {
  if (fields.length === 0) return null;
  return (
    <optgroup label={label}>
      {fields.map((field) => (
        <option key={field.id} value={field.id}>
          No {field.label}
        </option>
      ))}
    </optgroup>
  );
}

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 12px 16px;
  align-items: end;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;
`;

const SubGroups = styled.div`
  padding-bottom: 8px;
`;

const Clear = styled.div`
  display: flex;
`;
