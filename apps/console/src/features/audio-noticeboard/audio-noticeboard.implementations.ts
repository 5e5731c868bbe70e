import { fromPromise } from 'xstate';
import type { AudioNoticeboardApi, ChangeAudioNoticeboardRequest } from './audio-noticeboard-api';
import { noticeboardFormMachine } from './machines/noticeboard-form.machine';

export interface AudioNoticeboardServices {
  api: AudioNoticeboardApi;
  /** The app's snackbar: a default one for success, an error one for a refusal. */
  notify: (text: string, type: 'default' | 'error') => void;
}

/** The noticeboard form machine with its real side effects: the audio noticeboard calls and the snackbar. */
export function noticeboardFormLogic({ api, notify }: AudioNoticeboardServices) {
  return noticeboardFormMachine.provide({
    actors: {
      loadNoticeboards: fromPromise(() => api.audioNoticeboards()),
      changeNoticeboard: fromPromise(({ input }: { input: ChangeAudioNoticeboardRequest }) => api.changeAudioNoticeboard(input)),
    },
    actions: {
      notifySuccess: (_, { text }) => notify(text, 'default'),
      notifyFailure: (_, { text }) => notify(text, 'error'),
    },
  });
}
