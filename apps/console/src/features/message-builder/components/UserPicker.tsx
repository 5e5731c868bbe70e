import type { UserListItemDto } from '@beacon/contracts';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { errorText } from '../../../api/api-error';
import { SecondaryButton } from '../../../shared-ui/buttons';
import { Input } from '../../../shared-ui/form-controls';
import { Hint } from '../../../shared-ui/labelled-controls';
import { useBuilder } from '../builder-context';
import { userLabel } from '../message-builder-api';

interface UserPickerProps {
  /** The picker's name, e.g. "Individuals". */
  label: string;
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}

const SEARCH_DELAY_MS = 300;

/** Users chosen by searching their names and emails (the caller's group and the groups below it). */
export function UserPicker({ label, chosen, onChange }: UserPickerProps) {
  const { api, groupId } = useBuilder();
  const id = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<UserListItemDto[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(new Map());

  useEffect(() => {
    if (text.trim() === '') {
      setFound(null);
      return undefined;
    }
    let current = true;
    const timer = setTimeout(() => {
      api.searchUsers(groupId, text).then(
        (users) => {
          if (!current) return;
          setFound(users);
          setFailure(null);
        },
        (error: unknown) => {
          if (current) setFailure(errorText(error));
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, groupId, text]);

  // The ids not yet named, as text: a new list of the same ids asks nothing.
  const unnamed = chosen.filter((user) => !labels.has(user)).join(' ');
  useEffect(() => {
    if (unnamed === '') return undefined;
    const ids = unnamed.split(' ');
    let current = true;
    void api.userLabels(ids).then((named) => {
      // A user out of reach keeps their id as their name.
      if (current) setLabels((known) => new Map([...known, ...ids.map((user) => [user, named.get(user) ?? user] as const)]));
    });
    return () => {
      current = false;
    };
  }, [api, unnamed]);

  const choose = (user: UserListItemDto) => {
    setLabels((known) => new Map(known).set(user.id, userLabel(user)));
    onChange([...chosen, user.id]);
  };

  return (
    <Picker role="group" aria-labelledby={`${id}-legend`}>
      <span id={`${id}-legend`}>{label}</span>
      {chosen.length > 0 ? (
        <ul aria-label={`${label} chosen`}>
          {chosen.map((user) => (
            <li key={user}>
              <span>{labels.get(user) ?? 'Loading…'}</span>
              <SecondaryButton type="button" aria-label={`Remove ${labels.get(user) ?? user}`} onClick={() => onChange(chosen.filter((each) => each !== user))}>
                Remove
              </SecondaryButton>
            </li>
          ))}
        </ul>
      ) : (
        <Hint>Nobody chosen yet.</Hint>
      )}
      <label htmlFor={`${id}-search`}>Search users</label>
      <Input id={`${id}-search`} type="search" autoComplete="off" value={text} onChange={(event) => setText(event.target.value)} />
      {failure && <Hint role="alert">{failure}</Hint>}
      {found !== null && (
        <div role="status">
          {found.filter((user) => !chosen.includes(user.id)).length === 0 ? (
            <Hint>No more users match.</Hint>
          ) : (
            <ul aria-label="Matching users">
              {found
                .filter((user) => !chosen.includes(user.id))
                .map((user) => (
                  <li key={user.id}>
                    <span>{userLabel(user)}</span>
                    <SecondaryButton type="button" aria-label={`Add ${userLabel(user)}`} onClick={() => choose(user)}>
                      Add
                    </SecondaryButton>
                  </li>
                ))}
            </ul>
          )}
        </div>
      )}
    </Picker>
  );
}

const Picker = styled.div`
  display: grid;
  gap: 6px;

  > span:first-child,
  > label {
    font-weight: 500;
  }

  ul {
    display: grid;
    gap: 4px;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  li {
    display: flex;
    gap: 8px;
    align-items: center;
    justify-content: space-between;
  }
`;
