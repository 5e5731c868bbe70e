import { canAccess } from '@beacon/domain';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../api/api-context';
import { useAccessSubject } from '../../navigation/access-subject-context';
import type { IncidentCallError } from '../../api/incident-errors';
import { incidentSettingsApi, type IncidentSettingsApi } from './incident-settings-api';
import { createLoadMachine } from './machines/load.machine';
import {
  createSettingsListMachine,
  type ListItem,
  type SettingsListCalls,
  type SettingsListSaved,
} from './machines/settings-list.machine';

/** The incident settings calls over the app's API client. */
export function useIncidentSettingsApi(): IncidentSettingsApi {
  const api = useApi();
  return useMemo(() => incidentSettingsApi(api), [api]);
}

/** Changes to the settings are for admins and operators; senders see the edit form read-only. */
export function useCanEditSettings(): boolean {
  return canAccess('incidentSettings', useAccessSubject());
}

/**
 * A settings list machine over the given calls (made once, when the screen opens), with `onSaved`
 * told after each successful write.
 */
export function useSettingsList<T extends ListItem, X, C, U>(
  makeCalls: () => SettingsListCalls<T, X, C, U>,
  onSaved: (saved: SettingsListSaved<T>) => void,
) {
  const [logic] = useState(() => createSettingsListMachine(makeCalls()));
  const [snapshot, send, actor] = useMachine(logic);
  const latestOnSaved = useRef(onSaved);
  useEffect(() => {
    latestOnSaved.current = onSaved;
  });
  useEffect(() => {
    const subscription = actor.on('list.saved', (saved) => latestOnSaved.current(saved));
    return () => subscription.unsubscribe();
  }, [actor]);
  return { snapshot, send, actor };
}

/** Reads something once when the screen opens (`load` is taken from the first render). */
export function useLoaded<T>(load: () => Promise<T>, describeError: (error: unknown) => IncidentCallError) {
  const [logic] = useState(() => createLoadMachine(load, describeError));
  const [snapshot, send] = useMachine(logic);
  return { snapshot, retry: () => send({ type: 'load.retry' }) };
}
