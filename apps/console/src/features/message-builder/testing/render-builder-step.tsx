import { ROOT_PERMISSIONS } from '@beacon/domain';
import type { JSX } from 'react';
import { createActor, waitFor } from 'xstate';
import { renderWithSession } from '../../../testing/render-with-session';
import { BuilderContext, type BuilderEnvironment } from '../builder-context';
import { messageBuilderLogic } from '../message-builder.implementations';
import { FakeScenarioServer, GROUP_ID } from './fake-scenario-server';

/** The builders a test started, to stop after it. */
export const runningBuilders: { stop: () => void }[] = [];

/** One step of a new message's builder over the fake server, once the builder has loaded. */
export async function renderBuilderStep(Step: () => JSX.Element, settings: Partial<BuilderEnvironment['settings']> = {}, server = new FakeScenarioServer()) {
  const logic = messageBuilderLogic({ api: server, notify: () => undefined, showStep: () => undefined });
  const actor = createActor(logic, {
    input: { scenarioId: null, groupId: GROUP_ID, groupVoice: 'Amy', rootPermissions: ROOT_PERMISSIONS, canReadFields: true, step: 'content' },
  }).start();
  runningBuilders.push(actor);
  await waitFor(actor, (snapshot) => snapshot.matches({ data: 'ready' }));
  const environment: BuilderEnvironment = {
    actor,
    api: server,
    rootPermissions: ROOT_PERMISSIONS,
    groupId: GROUP_ID,
    settings: { opening_text: '', closing_text: '', test_message_header: false, noticeboard_numbers: [], ...settings },
  };
  renderWithSession(
    <BuilderContext.Provider value={environment}>
      <Step />
    </BuilderContext.Provider>,
  );
  const device = (type: 'SMS' | 'VOICE' | 'EMAIL') => actor.getSnapshot().context.draft.devices.find((each) => each.dispatch_type === type)!;
  return { actor, device, server };
}
