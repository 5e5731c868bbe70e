import { filter } from 'rxjs';
import { fromCallback, fromPromise } from 'xstate';
import { liveUpdates$ } from '../../live/live-incidents';
import type { CreateTemplateRequest, MessageTemplatesApi } from './message-templates-api';
import { TEMPLATES_LIVE_RESOURCE } from './message-templates-api';
import { messageTemplatesMachine, type CopySource } from './machines/message-templates.machine';
import type { MessageListQuery, MessageListRequest } from '../../message-list/message-list-query';

export interface TemplatesServices {
  api: MessageTemplatesApi;
  /** The app's snackbar: a default one for success, an error one for a refusal. */
  notify: (text: string, type: 'default' | 'error') => void;
  /** Puts the query in the URL in place of the one shown (the list fell back to another page). */
  replaceQuery: (query: MessageListQuery) => void;
}

/** The message templates machine with its real side effects: the API calls, the live updates, the snackbar and the URL. */
export function messageTemplatesLogic({ api, notify, replaceQuery }: TemplatesServices) {
  return messageTemplatesMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }: { input: MessageListRequest }) => api.templates(input)),
      readCopySource: fromPromise(async ({ input }: { input: { id: string; copyName: string } }): Promise<CopySource> => {
        const [source, matching] = await Promise.all([api.template(input.id), api.templatesMatching(input.copyName)]);
        return { source, matching };
      }),
      createCopy: fromPromise(({ input }: { input: CreateTemplateRequest }) => api.createTemplate(input)),
      deleteTemplate: fromPromise(({ input }: { input: { id: string } }) => api.deleteTemplate(input.id)),
      watchTemplates: fromCallback(({ sendBack }) => {
        const subscription = liveUpdates$
          .pipe(filter((update) => update.resource === TEMPLATES_LIVE_RESOURCE))
          .subscribe(() => sendBack({ type: 'templates.reload' }));
        return () => subscription.unsubscribe();
      }),
    },
    actions: {
      notifySuccess: (_, { text }) => notify(text, 'default'),
      notifyFailure: (_, { text }) => notify(text, 'error'),
      showQuery: (_, { query }) => replaceQuery(query),
    },
  });
}
