import type { ConditionFieldTypeDto } from '@beacon/contracts';
import { useCallback, useRef, useState } from 'react';
import { incidentCallError, type IncidentCallError } from '../../../api/incident-errors';
import { useIncidentSettingsApi } from '../use-incident-settings';

export type ConditionFieldType =
  | { status: 'loading' }
  | { status: 'loaded'; type: ConditionFieldTypeDto }
  | { status: 'failed'; error: IncidentCallError };

/**
 * The type and options of the fields display conditions look at (GET get_condition_field_type),
 * each asked for once per screen and kept; a failed one is asked again when next needed.
 */
export function useConditionFieldTypes() {
  const api = useIncidentSettingsApi();
  const [types, setTypes] = useState<Readonly<Record<string, ConditionFieldType>>>({});
  const asked = useRef(new Set<string>());

  const request = useCallback(
    (fieldId: string) => {
      if (asked.current.has(fieldId)) return;
      asked.current.add(fieldId);
      setTypes((current) => ({ ...current, [fieldId]: { status: 'loading' } }));
      api.conditionFieldType(fieldId).then(
        (type) => setTypes((current) => ({ ...current, [fieldId]: { status: 'loaded', type } })),
        (error: unknown) => {
          asked.current.delete(fieldId);
          setTypes((current) => ({ ...current, [fieldId]: { status: 'failed', error: incidentCallError(error) } }));
        },
      );
    },
    [api],
  );

  return { types, request };
}
