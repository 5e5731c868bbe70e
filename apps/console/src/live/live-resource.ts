import type { LiveUpdate } from '@beacon/contracts';
import { useEffect, useRef } from 'react';
import { filter } from 'rxjs';
import { liveUpdates$ } from './live-incidents';

/** Calls `onUpdate` with each live update of `resource` (a read model's name), while mounted. */
export function useLiveResource(resource: string, onUpdate: (update: LiveUpdate) => void): void {
  const latest = useRef(onUpdate);
  useEffect(() => {
    latest.current = onUpdate;
  });
  useEffect(() => {
    const subscription = liveUpdates$.pipe(filter((update) => update.resource === resource)).subscribe((update) => latest.current(update));
    return () => subscription.unsubscribe();
  }, [resource]);
}
