import type { OutboxEmailDto } from '@beacon/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../api/api-context';
import { errorText } from '../../api/api-error';

export type EmailOutbox =
  | { state: 'loading'; emails: readonly OutboxEmailDto[] | null }
  | { state: 'loaded'; emails: readonly OutboxEmailDto[] }
  | { state: 'failed'; error: string };

/** The outbox's emails, loaded on opening and again on `reload` (the last answer shows while the next loads). */
export function useEmailOutbox(): { outbox: EmailOutbox; reload: () => void } {
  const api = useApi();
  const [outbox, setOutbox] = useState<EmailOutbox>({ state: 'loading', emails: null });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    api.getEmailOutbox().then(
      ({ results }) => current && setOutbox({ state: 'loaded', emails: results }),
      (error: unknown) => current && setOutbox({ state: 'failed', error: errorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [api, round]);

  const reload = useCallback(() => {
    setOutbox((last) => ({ state: 'loading', emails: last.state === 'failed' ? null : last.emails }));
    setRound((n) => n + 1);
  }, []);

  return { outbox, reload };
}
