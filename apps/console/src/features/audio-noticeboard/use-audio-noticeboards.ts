import type { AudioNoticeboardDto } from '@beacon/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import { errorText } from '../../api/api-error';
import { audioNoticeboardApi } from './audio-noticeboard-api';

export type NoticeboardList =
  | { state: 'loading' }
  | { state: 'loaded'; noticeboards: readonly AudioNoticeboardDto[] }
  | { state: 'failed'; error: string };

/** The group's noticeboards, loaded on opening and again on `reload`. */
export function useAudioNoticeboards(): { list: NoticeboardList; reload: () => void } {
  const client = useApi();
  const api = useMemo(() => audioNoticeboardApi(client), [client]);
  const [list, setList] = useState<NoticeboardList>({ state: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    api.audioNoticeboards().then(
      (noticeboards) => current && setList({ state: 'loaded', noticeboards }),
      (error: unknown) => current && setList({ state: 'failed', error: errorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [api, round]);

  const reload = useCallback(() => {
    setList({ state: 'loading' });
    setRound((n) => n + 1);
  }, []);

  return { list, reload };
}
