import { describe, expect, it } from '@jest/globals';
import type { DispatchType } from '../field/field-types';
import { EventFields } from '../shared/activity';
import { foldEvents } from '../shared/decider';
import { DomainError } from '../shared/domain-errors';
import { BLANK } from '../shared/field-messages';
import { given } from '../shared/given-when-then';
import { fieldErrorsOf } from '../testing/refusals';
import { EMPTY_RECIPIENTS, SCENARIO_SECTION_NAMES, deviceId, newScenarioDraft, type ScenarioDevice, type ScenarioDraft, type ScenarioSection } from './scenario-draft';
import { NAME_DUPLICATE, NO_RECIPIENTS, type ScenarioCatalogue } from './scenario-rules';
import { scenarioActivity } from './scenario.activity';
import type { ScenarioCommand } from './scenario.commands';
import { SCENARIO_DETAIL, scenarioDecider } from './scenario.decide';
import { SCENARIO_EVENT_VERSIONS, SCENARIO_SECTION_EVENTS, scenarioStream, type ScenarioCreated, type ScenarioEvent } from './scenario.events';

/** A message (scenario) kept as a template: created, changed tab by tab, deleted. */

const device = (fieldId: string, dispatch_type: DispatchType): ScenarioDevice => ({
  dispatch_type,
  id: deviceId(fieldId, dispatch_type),
  label: `${fieldId} (${dispatch_type})`,
  field_label: fieldId,
  field_id: fieldId,
  heading: dispatch_type,
  position: 1,
});
const sms = device('f1', 'SMS');
const voice = device('f1', 'VOICE');
const email = device('f2', 'EMAIL');

const draft: ScenarioDraft = {
  ...newScenarioDraft({ ttsVoice: 'Amy', language: 'en-GB' }),
  scenario_name: 'Fire drill',
  recipients: { ...EMPTY_RECIPIENTS, include: [{ recipient_type: 'everyone', recipient_value: [] }] },
  devices: [sms],
  message: { sms: 'Leave by the stairs', email: '', voice: '' },
};

const catalogue: ScenarioCatalogue = {
  rootPermissions: ['SMS', 'Voice'],
  groupCount: 1,
  groupIds: new Set(['g1']),
  deviceIds: new Set([sms.id, voice.id, email.id]),
  userIds: new Set(['u1']),
  options: new Map(),
  noticeboardNumbers: [],
  scenarioIds: new Set(['s2']),
  uploads: new Map(),
  nameTaken: false,
  messageIdTaken: false,
};

const T1 = '2024-05-01T09:00:00.000Z';
const T2 = '2024-05-02T10:30:00.000Z';

const create = (changes: Partial<ScenarioDraft> = {}, known: Partial<ScenarioCatalogue> = {}): ScenarioCommand => ({
  type: 'CreateScenario',
  data: { scenarioId: 's1', customerGroupId: 'g1', draft: { ...draft, ...changes }, catalogue: { ...catalogue, ...known }, at: T1 },
});
const change = (changes: Partial<ScenarioDraft>, known: Partial<ScenarioCatalogue> = {}, from: ScenarioDraft = draft): ScenarioCommand => ({
  type: 'ChangeScenario',
  data: { scenarioId: 's1', draft: { ...from, ...changes }, catalogue: { ...catalogue, ...known }, at: T2 },
});
const remove: ScenarioCommand = { type: 'DeleteScenario', data: { scenarioId: 's1', at: T2 } };

const created: ScenarioCreated = { type: 'ScenarioCreated', data: { scenarioId: 's1', customerGroupId: 'g1', scenarioName: 'Fire drill', at: T1, draft } };
const deleted: ScenarioEvent = { type: 'ScenarioDeleted', data: { scenarioId: 's1', customerGroupId: 'g1', scenarioName: 'Fire drill', at: T2 } };

const when = (events: ScenarioEvent[], command: ScenarioCommand) => given(scenarioDecider, events).when(command);

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a domain error');
}

const sectionChange = (section: ScenarioSection, changes: Partial<ScenarioDraft>, scenarioName = 'Fire drill'): ScenarioEvent => ({
  type: SCENARIO_SECTION_EVENTS[section],
  data: { scenarioId: 's1', customerGroupId: 'g1', scenarioName, at: T2, changes, changed: Object.keys(changes) as (keyof ScenarioDraft)[] },
});

describe('creating a message', () => {
  it('given no message, when a valid one is created, then it is created with its whole draft', () => {
    expect(when([], create())).toEqual([created]);
  });

  it('given no message, when one is created, then its name and subject are kept trimmed', () => {
    const [event] = when([], create({ scenario_name: '  Fire drill ', devices: [sms, email], email_subject_line: ' Drill ', message: { ...draft.message, email: 'Go' } }));
    expect(event).toMatchObject({ data: { scenarioName: 'Fire drill', draft: { scenario_name: 'Fire drill', email_subject_line: 'Drill' } } });
  });

  it('given no message, when one is created with what an inactive channel holds, then that is not kept (§4)', () => {
    const [event] = when(
      [],
      create({
        email_subject_line: 'Drill',
        message: { sms: 'Leave by the stairs', email: 'Leave now.', voice: 'x'.repeat(5000) },
        message_text: 'Call back',
        include_links: { sms: true, email: true, teams: false, slack: false },
      }),
    );
    expect((event as ScenarioCreated).data.draft).toMatchObject({
      email_subject_line: '',
      message: { sms: 'Leave by the stairs', email: '', voice: '' },
      message_text: '',
      include_links: { sms: true, email: false },
    });
  });

  it('given no message, when one is created with one text for every channel and no SMS device, then that text is kept', () => {
    const global = { devices: [voice], global_message: true, message: { sms: 'Leave by the stairs', email: '', voice: '' } };
    const [event] = when([], create(global));
    expect((event as ScenarioCreated).data.draft).toMatchObject({ global_message: true, message: { sms: 'Leave by the stairs', voice: '' } });
  });

  it('given no message, when an invalid one is created, then it is refused with every problem under its error key', () => {
    const error = errorOf(() => when([], create({ scenario_name: ' ', recipients: EMPTY_RECIPIENTS })));
    expect(error).toMatchObject({ kind: 'validation', message: SCENARIO_DETAIL });
    expect(error.fields).toEqual({ name: [BLANK], recipients: [NO_RECIPIENTS] });
  });

  it('given no message, when one is created with a name another message has, then it is refused', () => {
    expect(fieldErrorsOf(() => when([], create({}, { nameTaken: true })))).toEqual({ name: [NAME_DUPLICATE] });
  });

  it('given a message, when it is created again, then it conflicts', () => {
    expect(errorOf(() => when([created], create())).kind).toBe('conflict');
  });

  it('given a deleted message, when it is created again under its id, then it conflicts', () => {
    expect(errorOf(() => when([created, deleted], create())).kind).toBe('conflict');
  });
});

describe('changing a message', () => {
  it('given a message, when the same draft is sent, then nothing is recorded', () => {
    expect(when([created], change({}))).toEqual([]);
  });

  it('given a message, when only what an inactive channel would hold differs, then nothing is recorded', () => {
    expect(when([created], change({ message: { ...draft.message, voice: 'Unused' }, message_text: 'Unused', email_subject_line: 'Unused' }))).toEqual([]);
  });

  it('given a message, when its name changes, then settings changed with the name alone', () => {
    expect(when([created], change({ scenario_name: ' Evacuation ' }))).toEqual([sectionChange('settings', { scenario_name: 'Evacuation' }, 'Evacuation')]);
  });

  it.each<[ScenarioSection, Partial<ScenarioDraft>]>([
    ['settings', { is_dashboard: false, is_email_invoke: true }],
    ['recipients', { recipients: { ...EMPTY_RECIPIENTS, include: [{ recipient_type: 'user', recipient_value: ['u1'] }] } }],
    ['devices', { select_all_devices: false }],
    ['sequence', { sequence_time: 10, use_conference_recall: true }],
    ['content', { polling_options: [{ option_digit: '1', option_text: 'Safe' }], auto_retry: true }],
    ['noticeboard', { noticeboard: { ...draft.noticeboard, name: 'Site' } }],
    ['trigger', { trigger_time: 30, triggered_scenario: 's2' }],
    ['finish', { quick_report: { send_quick_report: true, recipients: ['u1'], type: 'email' } }],
  ])('given a message, when fields of the %s tab change, then one event holds only those fields', (section, changes) => {
    expect(when([created], change(changes))).toEqual([sectionChange(section, changes)]);
  });

  it('given a message, when fields of several tabs change, then one event per tab, in the builder order', () => {
    const events = when(
      [created],
      change({ quick_report: { send_quick_report: true, recipients: ['u1'], type: 'email' }, trigger_time: 5, scenario_name: 'Evacuation', polling_timeout: 900 }),
    );
    expect(events.map(({ type }) => type)).toEqual(['ScenarioSettingsChanged', 'ScenarioContentChanged', 'ScenarioTriggerChanged', 'ScenarioFinishChanged']);
    expect(events.map((event) => ('changed' in event.data ? event.data.changed : []))).toEqual([['scenario_name'], ['polling_timeout'], ['trigger_time'], ['quick_report']]);
    expect(events.every((event) => event.data.scenarioName === 'Evacuation')).toBe(true);
  });

  it('given a message, when a device is dropped, then devices changed and content changed with what the channel held', () => {
    const start: ScenarioDraft = { ...draft, devices: [sms, email], email_subject_line: 'Drill', message: { ...draft.message, email: 'Leave now.' } };
    const events = when([{ ...created, data: { ...created.data, draft: start } }], change({ devices: [sms] }, {}, start));
    expect(events).toEqual([sectionChange('devices', { devices: [sms], email_subject_line: '' }), sectionChange('content', { message: { ...draft.message, email: '' } })]);
  });

  it('given a message changed before, when it changes back, then the change is against the latest draft', () => {
    const renamed = sectionChange('settings', { scenario_name: 'Evacuation' }, 'Evacuation');
    expect(when([created, renamed], change({ scenario_name: 'Evacuation' }))).toEqual([]);
    expect(when([created, renamed], change({}))).toEqual([sectionChange('settings', { scenario_name: 'Fire drill' })]);
  });

  it('given a message, when it is changed to an invalid draft, then it is refused and nothing is recorded', () => {
    expect(fieldErrorsOf(() => when([created], change({ scenario_name: '' })))).toEqual({ name: [BLANK] });
  });

  it('given a message, when it triggers itself, then the trigger is refused', () => {
    expect(fieldErrorsOf(() => when([created], change({ triggered_scenario: 's1' }, { scenarioIds: new Set(['s1', 's2']) })))).toEqual({
      trigger: ['A message cannot trigger itself.'],
    });
  });

  it('given no message, or a deleted one, when it is changed, then it is not found', () => {
    expect(errorOf(() => when([], change({ scenario_name: 'X' }))).kind).toBe('not_found');
    expect(errorOf(() => when([created, deleted], change({ scenario_name: 'X' }))).kind).toBe('not_found');
  });
});

describe('deleting a message', () => {
  it('given a message, when it is deleted, then it is deleted under its latest name', () => {
    const renamed = sectionChange('settings', { scenario_name: 'Evacuation' }, 'Evacuation');
    expect(when([created, renamed], remove)).toEqual([
      { type: 'ScenarioDeleted', data: { scenarioId: 's1', customerGroupId: 'g1', scenarioName: 'Evacuation', at: T2 } },
    ]);
  });

  it('given no message, or a deleted one, when it is deleted, then it is not found', () => {
    expect(errorOf(() => when([], remove)).kind).toBe('not_found');
    expect(errorOf(() => when([created, deleted], remove)).kind).toBe('not_found');
  });
});

describe('the state of a message', () => {
  it('given no events, then it is absent', () => {
    expect(foldEvents(scenarioDecider, [])).toEqual({ status: 'absent' });
  });

  it('given a created message, then it was created and updated when it was created', () => {
    expect(foldEvents(scenarioDecider, [created])).toEqual({ status: 'active', scenarioId: 's1', customerGroupId: 'g1', draft, createdAt: T1, updatedAt: T1 });
  });

  it('given a change, then the changed fields are folded in and updatedAt moves, createdAt stays', () => {
    const state = foldEvents(scenarioDecider, [created, sectionChange('trigger', { trigger_time: 30 })]);
    expect(state).toEqual({ status: 'active', scenarioId: 's1', customerGroupId: 'g1', draft: { ...draft, trigger_time: 30 }, createdAt: T1, updatedAt: T2 });
  });

  it('given a deletion, then it is deleted, its group kept; later changes do not revive it', () => {
    expect(foldEvents(scenarioDecider, [created, deleted])).toEqual({ status: 'deleted', scenarioId: 's1', customerGroupId: 'g1' });
    expect(foldEvents(scenarioDecider, [created, deleted, sectionChange('trigger', { trigger_time: 30 })])).toEqual({
      status: 'deleted',
      scenarioId: 's1',
      customerGroupId: 'g1',
    });
  });

  it('given a message id, then its stream is scenario-<id>', () => {
    expect(scenarioStream('s1')).toBe('scenario-s1');
  });
});

describe('the events of a message', () => {
  it('given the builder tabs, then each has its own event type, versioned', () => {
    expect(Object.keys(SCENARIO_SECTION_EVENTS)).toEqual(SCENARIO_SECTION_NAMES);
    expect(new Set(Object.values(SCENARIO_SECTION_EVENTS)).size).toBe(SCENARIO_SECTION_NAMES.length);
    for (const type of Object.values(SCENARIO_SECTION_EVENTS)) expect(SCENARIO_EVENT_VERSIONS[type]).toBe(1);
  });
});

describe('the activity log of a message', () => {
  const describeEvent = (event: ScenarioEvent) =>
    scenarioActivity[event.type](new EventFields(event.data as unknown as Record<string, unknown>), { ...event, metadata: { actorUserId: 'u1' } });

  it('given a created message, then it says so by name', () => {
    expect(describeEvent(created)).toEqual({
      category: 'message',
      summary: 'Created message Fire drill',
      details: { scenario_id: 's1', customer_group_id: 'g1' },
      targetUserId: null,
    });
  });

  it.each<[ScenarioSection, string]>([
    ['settings', 'Changed the settings of message Fire drill'],
    ['recipients', 'Changed the recipients of message Fire drill'],
    ['devices', 'Changed the devices of message Fire drill'],
    ['sequence', 'Changed the sequence of message Fire drill'],
    ['content', 'Changed the content of message Fire drill'],
    ['noticeboard', 'Changed the noticeboard of message Fire drill'],
    ['trigger', 'Changed the trigger of message Fire drill'],
    ['finish', 'Changed the finish options of message Fire drill'],
  ])('given a change to the %s tab, then it says "%s" and how many fields changed', (section, summary) => {
    expect(describeEvent(sectionChange(section, { trigger_time: 3, triggered_scenario: 's2' }))).toEqual({
      category: 'message',
      summary,
      details: { scenario_id: 's1', customer_group_id: 'g1', changed: 2 },
      targetUserId: null,
    });
  });

  it('given a deleted message, then it says so by name', () => {
    expect(describeEvent(deleted)).toEqual({
      category: 'message',
      summary: 'Deleted message Fire drill',
      details: { scenario_id: 's1', customer_group_id: 'g1' },
      targetUserId: null,
    });
  });

  it('given every event type, then each has words of its own', () => {
    expect(Object.keys(scenarioActivity).sort()).toEqual(Object.keys(SCENARIO_EVENT_VERSIONS).sort());
  });
});
