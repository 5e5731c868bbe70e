import { fromPromise } from 'xstate';
import { uploadChannelOf, type PendingUpload } from './attachment-uploads';
import type { BuilderPlace, MessageBuilderStep } from './builder-steps';
import { messageBuilderMachine, type BuilderCatalogue } from './machines/message-builder.machine';
import type { MessageBuilderApi } from './message-builder-api';

export interface MessageBuilderServices {
  api: MessageBuilderApi;
  notify: (text: string, type: 'default' | 'error') => void;
  /** Shows a step's route (Next, Back, and the new message's edit route after its first save). */
  showStep: (place: BuilderPlace, step: MessageBuilderStep) => void;
}

/** The message builder with its real side effects: the calls, the snackbar and the router. */
export function messageBuilderLogic({ api, notify, showStep }: MessageBuilderServices) {
  return messageBuilderMachine.provide({
    actors: {
      load: fromPromise<BuilderCatalogue, { scenarioId: string | null; groupId: string; canReadFields: boolean }>(async ({ input }) => {
        const [scenario, groups, scenarios, countries] = await Promise.all([
          input.scenarioId === null ? null : api.scenario(input.scenarioId),
          api.customerGroups(),
          api.scenarios(),
          // Without the holiday calendars the trigger step still takes a country's code.
          api.holidayCountries().catch(() => []),
        ]);
        // A kept message offers its own group's devices.
        const fields = input.canReadFields ? await api.contactFields(scenario?.customer_group ?? input.groupId) : null;
        return { scenario, fields, groups, scenarios, countries };
      }),
      checkName: fromPromise(({ input }: { input: { name: string; scenarioId: string | null } }) => api.checkName({ ...input, isReal: true })),
      countRecipients: fromPromise(({ input }: { input: Parameters<MessageBuilderApi['recipientsCount']>[0] }) => api.recipientsCount(input)),
      save: fromPromise(({ input }: { input: { scenarioId: string | null; draft: Parameters<MessageBuilderApi['createScenario']>[0] } }) =>
        input.scenarioId === null ? api.createScenario(input.draft) : api.changeScenario(input.scenarioId, input.draft),
      ),
      speak: fromPromise(({ input }: { input: Parameters<MessageBuilderApi['speak']>[0] }) => api.speak(input)),
      upload: fromPromise(({ input }: { input: PendingUpload }) => api.uploadAttachment(uploadChannelOf(input.list), input.file)),
    },
    actions: {
      notify: (_, { text, type }) => notify(text, type),
      showStep: (_, { place, step }) => showStep(place, step),
    },
  });
}
