import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ROOT_PERMISSIONS, type RecipientSelection } from '@beacon/domain';
import { createActor, waitFor } from 'xstate';
import { UPLOAD_FAILED_TEXT } from '../attachment-uploads';
import { stepsWithErrors } from '../builder-errors';
import type { BuilderPlace, MessageBuilderStep } from '../builder-steps';
import { messageBuilderLogic } from '../message-builder.implementations';
import { FakeScenarioServer, GROUP_ID } from '../testing/fake-scenario-server';
import { COUNT_DELAY_MS, NAME_CHECK_DELAY_MS, NOT_SAVED_TEXT, SAVED_TEXT, type MessageBuilderSnapshot } from './message-builder.machine';

const EVERYONE: RecipientSelection = {
  include: [{ recipient_type: 'everyone', recipient_value: [] }],
  exclude: [],
  is_single_criteria: true,
  is_multiple_criteria_all: false,
  is_exclude_recipients: false,
  is_exclude_recipients_all: false,
};
const DEPARTMENT = (option: string): RecipientSelection => ({ ...EVERYONE, include: [{ recipient_type: 'select', recipient_value: [option] }] });

const running: { stop: () => void }[] = [];

async function started(server = new FakeScenarioServer(), scenarioId: string | null = null) {
  const notices: [string, 'default' | 'error'][] = [];
  const shown: [BuilderPlace, MessageBuilderStep][] = [];
  const logic = messageBuilderLogic({ api: server, notify: (text, type) => notices.push([text, type]), showStep: (place, step) => shown.push([place, step]) });
  const actor = createActor(logic, {
    input: { scenarioId, groupId: GROUP_ID, groupVoice: 'Emma', rootPermissions: ROOT_PERMISSIONS, canReadFields: true, step: 'settings' },
  }).start();
  running.push(actor);
  await waitFor(actor, (snapshot) => snapshot.matches({ data: 'ready' }));
  return { actor, server, notices, shown };
}

type Actor = Awaited<ReturnType<typeof started>>['actor'];
const saved = (actor: Actor) => waitFor(actor, (snapshot: MessageBuilderSnapshot) => snapshot.matches({ save: 'idle' }));
const uploaded = (actor: Actor) => waitFor(actor, (snapshot: MessageBuilderSnapshot) => snapshot.matches({ upload: 'idle' }));
const aFile = (name: string, bytes: number, type: string) => new File([new Uint8Array(bytes)], name, { type });
const deviceOf = (actor: Actor, type: 'SMS' | 'EMAIL') => actor.getSnapshot().context.draft.devices.find((device) => device.dispatch_type === type)!;

describe('message builder machine', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('starts a new message in test mode with the group’s voice and every device offered', async () => {
    const { actor } = await started();

    const { draft } = actor.getSnapshot().context;
    expect(draft.is_real).toBe(false);
    expect(draft.tts_voice).toBe('Emma');
    expect(draft.devices.map((device) => device.id)).toEqual(['field-mobile:SMS', 'field-mobile:VOICE', 'field-email:EMAIL']);
  });

  it('keeps a new message, then shows the edit route of its id at the same step; a later save changes it', async () => {
    const { actor, server, notices, shown } = await started();

    actor.send({ type: 'builder.change', patch: { scenario_name: 'Fire drill' } });
    actor.send({ type: 'builder.step', step: 'content' });
    actor.send({ type: 'builder.save' });
    await saved(actor);

    expect(server.calls).toContain('POST scenario');
    expect(shown).toEqual([[{ mode: 'edit', id: 'scenario-1' }, 'content']]);
    expect(notices).toEqual([[SAVED_TEXT, 'default']]);
    expect(actor.getSnapshot().context.scenarioId).toBe('scenario-1');

    actor.send({ type: 'builder.change', patch: { scenario_name: 'Fire drill 2' } });
    actor.send({ type: 'builder.save' });
    await saved(actor);
    expect(server.calls.at(-1)).toBe('PUT scenario scenario-1');
    expect(server.kept.get('scenario-1')?.scenario_name).toBe('Fire drill 2');
    expect(shown).toHaveLength(1);
  });

  it('loads a kept message to edit it', async () => {
    const server = new FakeScenarioServer();
    const first = await started(server);
    first.actor.send({ type: 'builder.change', patch: { scenario_name: 'Flood warning' } });
    first.actor.send({ type: 'builder.save' });
    await saved(first.actor);

    const { actor } = await started(server, 'scenario-1');
    expect(actor.getSnapshot().context.draft.scenario_name).toBe('Flood warning');
    expect(actor.getSnapshot().context.customerGroup).toBe(GROUP_ID);
  });

  it('checks a real message’s name once typing settles, and marks a duplicate with the server’s message', async () => {
    const server = new FakeScenarioServer();
    const first = await started(server);
    first.actor.send({ type: 'builder.testMode', on: false });
    first.actor.send({ type: 'builder.change', patch: { scenario_name: 'Fire drill' } });
    first.actor.send({ type: 'builder.save' });
    await saved(first.actor);
    first.actor.stop();
    server.calls.length = 0;

    const { actor } = await started(server);
    actor.send({ type: 'builder.change', patch: { scenario_name: 'fire drill' } });
    await jest.advanceTimersByTimeAsync(NAME_CHECK_DELAY_MS);
    expect(server.calls.filter((call) => call.startsWith('GET name'))).toEqual([]); // test mode: no check

    actor.send({ type: 'builder.testMode', on: false });
    actor.send({ type: 'builder.change', patch: { scenario_name: 'fire' } });
    actor.send({ type: 'builder.change', patch: { scenario_name: 'fire drill' } });
    await jest.advanceTimersByTimeAsync(NAME_CHECK_DELAY_MS);
    await waitFor(actor, (snapshot) => snapshot.matches({ name: 'idle' }));

    expect(server.calls.filter((call) => call.startsWith('GET name'))).toEqual(['GET name fire drill']);
    expect(actor.getSnapshot().context.errors['name']).toEqual(['A message with this name already exists.']);
    expect(stepsWithErrors(actor.getSnapshot().context.errors)).toEqual(['settings']);

    actor.send({ type: 'builder.change', patch: { scenario_name: 'Fire drill (north)' } });
    expect(actor.getSnapshot().context.errors['name']).toBeUndefined();
  });

  it('clears the subset flag when test mode is turned off', async () => {
    const { actor } = await started();

    actor.send({ type: 'builder.change', patch: { is_subset_scenario: true } });
    actor.send({ type: 'builder.testMode', on: false });

    expect(actor.getSnapshot().context.draft).toMatchObject({ is_real: true, is_subset_scenario: false });
  });

  it('clears what an inactive channel held when devices are chosen', async () => {
    const { actor } = await started();
    actor.send({ type: 'builder.change', patch: { message: { sms: 'Leave now', email: 'Please leave the building.', voice: 'Leave now' }, email_subject_line: 'Fire' } });
    const email = actor.getSnapshot().context.draft.devices.find((device) => device.dispatch_type === 'EMAIL')!;

    actor.send({ type: 'builder.device', device: email, chosen: false });

    const { draft } = actor.getSnapshot().context;
    expect(draft.message).toEqual({ sms: 'Leave now', email: '', voice: 'Leave now' });
    expect(draft.email_subject_line).toBe('');
    expect(draft.select_all_devices).toBe(false);
  });

  it('flags the tabs whose error keys the server’s refusal names, and a success clears them', async () => {
    const server = new FakeScenarioServer().refuseNextSave({
      detail: 'An email needs a subject line.',
      subject_line: ['An email needs a subject line.'],
      polling: ['Each polling option needs a text.'],
    });
    const { actor, notices } = await started(server);

    actor.send({ type: 'builder.save' });
    await saved(actor);

    expect(stepsWithErrors(actor.getSnapshot().context.errors)).toEqual(['devices', 'content']);
    expect(actor.getSnapshot().context.messages).toEqual([]);
    expect(notices).toEqual([[NOT_SAVED_TEXT, 'error']]);

    actor.send({ type: 'builder.save' });
    await saved(actor);
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(notices.at(-1)).toEqual([SAVED_TEXT, 'default']);
  });

  it('counts the recipients again when they change, showing only the answer to the last question', async () => {
    const server = new FakeScenarioServer();
    server.autoCount = false;
    const { actor } = await started(server);

    actor.send({ type: 'builder.recipients', recipients: DEPARTMENT('field-department-option-1') });
    await jest.advanceTimersByTimeAsync(COUNT_DELAY_MS);
    actor.send({ type: 'builder.recipients', recipients: DEPARTMENT('field-department-option-2') });
    await jest.advanceTimersByTimeAsync(COUNT_DELAY_MS - 1);
    expect(server.countQuestions).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);

    expect(server.countQuestions.map((question) => question.recipients.include[0]?.recipient_value)).toEqual([
      ['field-department-option-1'],
      ['field-department-option-2'],
    ]);
    server.answerCount(1, 7);
    server.answerCount(0, 2);
    await waitFor(actor, (snapshot) => snapshot.matches({ count: 'idle' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.count?.count).toBe(7);
  });

  it('clears a criterion’s values when its type changes, and resets the draft to its defaults but its name', async () => {
    const { actor } = await started();
    actor.send({ type: 'builder.recipients', recipients: DEPARTMENT('field-department-option-1') });

    actor.send({ type: 'builder.criterionType', list: 'include', index: 0, recipientType: 'user' });
    expect(actor.getSnapshot().context.draft.recipients.include).toEqual([{ recipient_type: 'user', recipient_value: [] }]);

    actor.send({ type: 'builder.change', patch: { scenario_name: 'Storm', scenario_type: 'sequence', auto_retry: true } });
    actor.send({ type: 'builder.testMode', on: false });
    actor.send({ type: 'builder.reset' });
    expect(actor.getSnapshot().context.draft).toMatchObject({ scenario_name: 'Storm', scenario_type: 'broadcast', is_real: false, auto_retry: false, trigger_time: 0 });
    expect(actor.getSnapshot().context.draft.recipients.include).toEqual([]);
    expect(actor.getSnapshot().context.draft.devices).toHaveLength(3);
  });

  it('uploads chosen files one at a time, each adding its entry with the name and size the server recorded', async () => {
    const server = new FakeScenarioServer();
    server.autoUpload = false;
    const { actor } = await started(server);

    actor.send({ type: 'builder.attach', list: 'email', files: [aFile('plan.pdf', 1200, 'application/pdf'), aFile('notes.txt', 30, 'text/plain')] });
    expect(actor.getSnapshot().context.uploads.map((upload) => upload.file.name)).toEqual(['plan.pdf', 'notes.txt']);
    server.finishUpload();
    await waitFor(actor, (snapshot) => snapshot.context.draft.attachments.email.length === 1);
    expect(server.uploaded).toEqual(['email plan.pdf']);
    server.finishUpload();
    await uploaded(actor);

    expect(actor.getSnapshot().context.draft.attachments.email).toEqual([
      { attachment_name: 'plan.pdf', id: 'upload-1', customer_group: GROUP_ID, attachment_key: 'upload-1', attachment_source: 'local_device', attachment_size: 1200 },
      { attachment_name: 'notes.txt', id: 'upload-2', customer_group: GROUP_ID, attachment_key: 'upload-2', attachment_source: 'local_device', attachment_size: 30 },
    ]);

    actor.send({ type: 'builder.detach', list: 'email', key: 'upload-1' });
    expect(actor.getSnapshot().context.draft.attachments.email.map((attachment) => attachment.attachment_name)).toEqual(['notes.txt']);
  });

  it('keeps an SMS image’s upload warning while the image stays attached', async () => {
    const { actor } = await started();

    actor.send({ type: 'builder.attach', list: 'sms', files: [aFile('map.png', 700 * 1024, 'image/png')] });
    await uploaded(actor);

    expect(actor.getSnapshot().context.uploadWarnings).toEqual([{ key: 'upload-1', text: "SMS attachments add up to more than 600 KB: some recipients' carriers may refuse them." }]);
    actor.send({ type: 'builder.detach', list: 'sms', key: 'upload-1' });
    expect(actor.getSnapshot().context.uploadWarnings).toEqual([]);
  });

  it('says why a file was not attached and leaves the draft as it was', async () => {
    const server = new FakeScenarioServer();
    const { actor } = await started(server);
    const before = actor.getSnapshot().context.draft;

    server.failNextUpload(503);
    actor.send({ type: 'builder.attach', list: 'email', files: [aFile('plan.pdf', 1200, 'application/pdf')] });
    await uploaded(actor);
    expect(actor.getSnapshot().context.uploadErrors.email).toEqual([UPLOAD_FAILED_TEXT]);

    actor.send({ type: 'builder.attach', list: 'sms', files: [aFile('notes.txt', 10, 'text/plain')] });
    await uploaded(actor);
    expect(actor.getSnapshot().context.uploadErrors.sms).toEqual(['notes.txt was not attached: SMS attachments must be JPEG, PNG or GIF images.']);

    // Larger than the upload takes: refused without sending it.
    actor.send({ type: 'builder.attach', list: 'email', files: [aFile('video.mp4', 10 * 1024 * 1024 + 1, 'video/mp4')] });
    await uploaded(actor);
    expect(actor.getSnapshot().context.uploadErrors.email).toEqual(['video.mp4 is larger than 10 MB.']);
    expect(server.uploaded).toEqual([]);
    expect(actor.getSnapshot().context.draft).toBe(before);
  });

  it('clears the SMS attachments when SMS is no longer chosen, and the shared files when both links go off', async () => {
    const { actor } = await started();
    actor.send({ type: 'builder.change', patch: { include_links: { sms: true, email: true, teams: false, slack: false } } });
    actor.send({ type: 'builder.attach', list: 'sms', files: [aFile('map.png', 100, 'image/png')] });
    actor.send({ type: 'builder.attach', list: 'shared', files: [aFile('notice.pdf', 100, 'application/pdf')] });
    await waitFor(actor, (snapshot) => snapshot.matches({ upload: 'idle' }) && snapshot.context.uploads.length === 0);
    expect(actor.getSnapshot().context.draft.attachments.shared).toHaveLength(1);

    actor.send({ type: 'builder.device', device: deviceOf(actor, 'SMS'), chosen: false });
    expect(actor.getSnapshot().context.draft.attachments.sms).toEqual([]);
    expect(actor.getSnapshot().context.draft.attachments.shared).toHaveLength(1); // the email's links are still on

    actor.send({ type: 'builder.change', patch: { include_links: { sms: false, email: false, teams: false, slack: false } } });
    expect(actor.getSnapshot().context.draft.attachments.shared).toEqual([]);
    expect(deviceOf(actor, 'EMAIL')).toBeTruthy();
  });

  it('speaks the voice text in the chosen voice', async () => {
    const { actor, server } = await started();
    actor.send({ type: 'builder.language', language: 'de-DE' });
    actor.send({ type: 'builder.change', patch: { message: { sms: '', email: '', voice: 'Achtung' } } });

    actor.send({ type: 'builder.speak' });
    await waitFor(actor, (snapshot) => snapshot.context.audio !== null);

    expect(server.calls.at(-1)).toBe('POST ttsaudio Marlene');
  });
});
