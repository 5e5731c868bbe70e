import { useId } from 'react';
import styled from 'styled-components';
import { ACTIVE_TABS, type ActiveTab, type MessageListQuery } from '../message-list/message-list-query';
import { Field, Input } from './form-controls';
import { SegmentedChoice } from './SegmentedChoice';
import { useDebouncedSearch } from './use-applied-filter';

export const TAB_LABELS: Readonly<Record<ActiveTab, string>> = { all: 'All', real: 'Real', test: 'Test' };

interface MessageListFiltersProps {
  /** The search landmark's name, e.g. "Filter message templates". */
  label: string;
  query: MessageListQuery;
  onChange: (patch: Partial<Pick<MessageListQuery, 'activeTab' | 'search'>>) => void;
}

/** All, real or test messages (applied at once), and a search by name or message ID (once typing pauses). */
export function MessageListFilters({ label, query, onChange }: MessageListFiltersProps) {
  const id = useId();
  const search = useDebouncedSearch(query.search, (text) => onChange({ search: text }));
  return (
    <Filters role="search" aria-label={label} onSubmit={(event) => event.preventDefault()}>
      <SegmentedChoice legend="Show" choices={ACTIVE_TABS} labels={TAB_LABELS} value={query.activeTab} onChoose={(activeTab) => onChange({ activeTab })} />
      <Field>
        <label htmlFor={`${id}-search`}>Search by name or message ID</label>
        <Input id={`${id}-search`} type="search" maxLength={200} value={search.text} onChange={(event) => search.type(event.target.value)} />
      </Field>
    </Filters>
  );
}

const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 24px;
  align-items: end;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  ${Field} {
    flex: 1 1 240px;
    max-width: 420px;
  }
`;
