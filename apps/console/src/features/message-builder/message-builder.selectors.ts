import type { ScenarioDraft } from '@beacon/domain';
import type { AttachmentList } from './attachment-uploads';
import { errorsOfStep, stepsWithErrors } from './builder-errors';
import type { MessageBuilderStep } from './builder-steps';
import { offeredDevices } from './draft-edits';
import type { MessageBuilderSnapshot } from './machines/message-builder.machine';

/** Narrow reads of the builder, so a step re-renders only when what it shows changes. */

export const selectDraft = (snapshot: MessageBuilderSnapshot): ScenarioDraft => snapshot.context.draft;
export const selectLoaded = (snapshot: MessageBuilderSnapshot) => snapshot.matches({ data: 'ready' });
export const selectLoading = (snapshot: MessageBuilderSnapshot) => snapshot.matches({ data: 'loading' });
export const selectLoadError = (snapshot: MessageBuilderSnapshot) => snapshot.context.loadError;
export const selectSaving = (snapshot: MessageBuilderSnapshot) => snapshot.matches({ save: 'saving' });
export const selectSpeaking = (snapshot: MessageBuilderSnapshot) => snapshot.matches({ speech: 'speaking' });
export const selectCounting = (snapshot: MessageBuilderSnapshot) => !snapshot.matches({ count: 'idle' });
export const selectCheckingName = (snapshot: MessageBuilderSnapshot) => snapshot.matches({ name: 'checking' });
export const selectErrors = (snapshot: MessageBuilderSnapshot) => snapshot.context.errors;
export const selectMessages = (snapshot: MessageBuilderSnapshot) => snapshot.context.messages;
export const selectCount = (snapshot: MessageBuilderSnapshot) => snapshot.context.count;
export const selectCountError = (snapshot: MessageBuilderSnapshot) => snapshot.context.countError;
export const selectAudio = (snapshot: MessageBuilderSnapshot) => snapshot.context.audio;
export const selectSpeechError = (snapshot: MessageBuilderSnapshot) => snapshot.context.speechError;
export const selectFields = (snapshot: MessageBuilderSnapshot) => snapshot.context.fields;
export const selectGroups = (snapshot: MessageBuilderSnapshot) => snapshot.context.groups;
export const selectScenarios = (snapshot: MessageBuilderSnapshot) => snapshot.context.scenarios;
export const selectCountries = (snapshot: MessageBuilderSnapshot) => snapshot.context.countries;
export const selectScenarioId = (snapshot: MessageBuilderSnapshot) => snapshot.context.scenarioId;
export const selectStep = (snapshot: MessageBuilderSnapshot) => snapshot.context.step;
export const selectCustomerGroup = (snapshot: MessageBuilderSnapshot) => snapshot.context.customerGroup;

/** The draft differs from the message as last loaded or kept. */
export const selectUnsaved = (snapshot: MessageBuilderSnapshot) => JSON.stringify(snapshot.context.draft) !== JSON.stringify(snapshot.context.saved);

/** The flagged tabs, as a key that stays equal while they do. */
export const selectFlaggedSteps = (snapshot: MessageBuilderSnapshot) => stepsWithErrors(snapshot.context.errors).join(' ');

/** A step's messages, by key. */
export const selectStepErrors = (step: MessageBuilderStep) => (snapshot: MessageBuilderSnapshot) => errorsOfStep(snapshot.context.errors, step);

/** The devices the builder offers (spec part 2 §6). */
export const selectOfferedDevices = (snapshot: MessageBuilderSnapshot) =>
  offeredDevices(snapshot.context.fields, snapshot.context.draft, snapshot.context.rootPermissions);

/** Compares lists by their JSON (the steps' derived lists are small). */
export const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The names of a list's files still uploading (or waiting to). */
export const selectUploading = (list: AttachmentList) => (snapshot: MessageBuilderSnapshot) =>
  snapshot.context.uploads.filter((upload) => upload.list === list).map((upload) => upload.file.name);

export const selectUploadErrors = (list: AttachmentList) => (snapshot: MessageBuilderSnapshot) => snapshot.context.uploadErrors[list];

/** The uploads' own warnings about a list's files still attached. */
export const selectUploadWarnings = (list: AttachmentList) => (snapshot: MessageBuilderSnapshot) => {
  const keys = new Set(snapshot.context.draft.attachments[list].map((attachment) => attachment.attachment_key));
  return snapshot.context.uploadWarnings.filter((warning) => keys.has(warning.key)).map((warning) => warning.text);
};
