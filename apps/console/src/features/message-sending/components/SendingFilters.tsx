import { useId } from 'react';
import styled from 'styled-components';
import { Field, Input } from '../../../shared-ui/form-controls';
import { useDebouncedSearch, useFollowing } from '../../../shared-ui/use-applied-filter';
import { ACTIVE_TABS, type ActiveTab, type MessageListQuery } from '../../../message-list/message-list-query';

export const TAB_LABELS: Readonly<Record<ActiveTab, string>> = { all: 'All', real: 'Real', test: 'Test' };

interface SendingFiltersProps {
  query: MessageListQuery;
  onChange: (patch: Partial<Pick<MessageListQuery, 'activeTab' | 'search'>>) => void;
}

/** All, real or test messages (applied at once), and a search by name or message ID (once typing pauses). */
export function SendingFilters({ query, onChange }: SendingFiltersProps) {
  const id = useId();
  const search = useDebouncedSearch(query.search, (text) => onChange({ search: text }));
  const [activeTab, setActiveTab] = useFollowing(query.activeTab);
  return (
    <Filters role="search" aria-label="Filter messages to send" onSubmit={(event) => event.preventDefault()}>
      <Tabs>
        <legend>Show</legend>
        {ACTIVE_TABS.map((tab) => (
          <label key={tab}>
            <input
              type="radio"
              name={`${id}-tab`}
              value={tab}
              checked={activeTab === tab}
              onChange={() => {
                setActiveTab(tab);
                onChange({ activeTab: tab });
              }}
            />
            <span>{TAB_LABELS[tab]}</span>
          </label>
        ))}
      </Tabs>
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

/* A segmented choice: radios (arrow keys move between them), each drawn as a tab; the text keeps the text colour, the chosen one is marked by weight and a bar. */
const Tabs = styled.fieldset`
  display: flex;
  gap: 0;
  margin: 0;
  padding: 0;
  border: none;

  legend {
    float: left;
    margin-right: 12px;
    padding: 8px 0;
    font-weight: 500;
  }

  label {
    position: relative;
    cursor: pointer;
  }

  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }

  span {
    display: inline-block;
    padding: 8px 16px;
    color: ${({ theme }) => theme.colors.text};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-bottom-width: 3px;
  }

  label + label span {
    border-left: none;
  }

  input:checked + span {
    font-weight: 600;
    border-bottom-color: ${({ theme }) => theme.colors.highlight};
  }

  input:focus-visible + span {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }

  label:hover span {
    background: ${({ theme }) => theme.colors.highlightHover};
  }
`;
