import { consoleRoute, MESSAGE_BUILDER_STEPS, type ConsoleRouteKey, type MessageBuilderStep } from '@beacon/contracts';
import { generatePath } from 'react-router-dom';

export { MESSAGE_BUILDER_STEPS, type MessageBuilderStep };
/** The tabs' names (spec part 2 §2), in the steps' order. */
export { BUILDER_TAB_NAMES as STEP_LABELS } from '../../formatting/builder-tab-names';

/** Create Message until the message is kept, then Edit Message of its id. */
export type BuilderPlace = { readonly mode: 'create' } | { readonly mode: 'edit'; readonly id: string };

/** Where a step of the builder is: /message/scenario/add/{step} or /message_sending/scenario/edit/{id}/{step}. */
export function stepPath(place: BuilderPlace, step: MessageBuilderStep): string {
  const key = `${place.mode === 'create' ? 'message.create' : 'message.edit'}.${step}` as ConsoleRouteKey;
  return generatePath(consoleRoute(key).path, place.mode === 'edit' ? { id: place.id } : {});
}

/** The step a builder route shows (the edit route itself shows Settings). */
export function stepOfRoute(routeKey: ConsoleRouteKey): MessageBuilderStep {
  const step = routeKey.split('.')[2];
  return (MESSAGE_BUILDER_STEPS as readonly string[]).includes(step ?? '') ? (step as MessageBuilderStep) : 'settings';
}

export const nextStep = (step: MessageBuilderStep): MessageBuilderStep | null => MESSAGE_BUILDER_STEPS[MESSAGE_BUILDER_STEPS.indexOf(step) + 1] ?? null;
export const previousStep = (step: MessageBuilderStep): MessageBuilderStep | null => MESSAGE_BUILDER_STEPS[MESSAGE_BUILDER_STEPS.indexOf(step) - 1] ?? null;
