import type { IncidentFormSnapshot } from '../incident-settings/form-snapshot';
import { FieldMessages, ORDER_INVALID, REQUIRED, accepted } from '../incident-settings/incident-settings.input';
import type { Decider } from '../shared/decider';
import { conflict, notFound } from '../shared/domain-errors';
import { isFieldGroupShown } from './display-conditions';
import type { IncidentCommand, PatchIncident, StartIncident, UpdateIncident } from './incident.commands';
import { applyIncidentEvent } from './incident.apply';
import type { IncidentChangeEvent, IncidentChangeStamp, IncidentEvent, IncidentUpdated, IncidentValueChange } from './incident.events';
import { actorName, type IncidentFieldValue, type IncidentRecord, type RecordedIncidentStateName } from './incident.records';
import {
  IGNORED_GROUPS_PART,
  ORDER_PART,
  STATE_PART,
  TITLE_PART,
  changedSince,
  currentPart,
  evolveIncident,
  initialIncidentState,
  partAt,
  type IncidentChangeMark,
  type IncidentState,
  type RecordedIncident,
} from './incident.state';
import { brokenFormRules, incidentClosed, incidentConflict, missingRequiredValue } from './incident-errors';
import { baseVersion, changedTitle, check, defaultIncidentTitle, givenOrder, startTitle } from './incident-input';
import { formRuleErrors } from './incident-rules';
import { ignoredGroups, mergedFieldValues, payloadValues, presetValues, sameValue, valueKey, type IncidentPayloadValues } from './incident-values';
import { heldAttachments } from './known-uploads';
import { isOrderingKey } from './ordering-keys';
import { fieldValuesOf, missingRequiredValues } from './required-values';

function recorded(state: IncidentState): RecordedIncident {
  if (state.status !== 'recorded') throw notFound();
  return state;
}

/** Shown and not ignored: the groups whose values a save checks against the form rules. */
function checkedGroupIds(form: IncidentFormSnapshot, values: readonly IncidentFieldValue[], ignored: readonly string[], state: string, permission: string) {
  const ignoredIds = new Set(ignored);
  const fieldValues = fieldValuesOf(form, values.filter((entry) => !ignoredIds.has(entry.field_group)));
  return new Set(
    form.field_groups
      .filter((group) => !ignoredIds.has(group.id) && isFieldGroupShown(group.display_conditions, { state, permission, fieldValues }))
      .map((group) => group.id),
  );
}

/** Required values first (400 naming group and field), then the form rules (400 with rule errors). */
function checkValues(form: IncidentFormSnapshot, values: readonly IncidentFieldValue[], ignored: readonly string[], state: string, permission: string) {
  const gaps = missingRequiredValues(form, values, ignored, { state, permission });
  if (gaps.length) throw missingRequiredValue(gaps);
  const checked = checkedGroupIds(form, values, ignored, state, permission);
  const errors = formRuleErrors(form, values.filter((entry) => checked.has(entry.field_group)));
  if (errors.length) throw brokenFormRules(errors);
}

/** One more event by the command's caller: who, when, the version it makes and the title after it. */
function stampOf(incident: IncidentRecord, data: { at: string; actor: IncidentRecord['updated_by'] }, titleAfter = incident.title): IncidentChangeStamp {
  return { at: data.at, actor: data.actor, version: incident.version + 1, incidentTitle: titleAfter };
}

function startIncident(command: StartIncident, state: IncidentState): IncidentEvent[] {
  if (state.status !== 'absent') throw conflict('This incident has already been started.');
  const { data } = command;
  const { form, template } = data;
  const messages = new FieldMessages();
  const title = startTitle(messages, data.title, defaultIncidentTitle(form, template));
  const order = givenOrder(messages, data.order, data.defaultOrder);
  const ignored = ignoredGroups(messages, form, data.ignoredFieldGroups);
  const given = data.payload === undefined ? null : accepted(messages, 'payload', data.payload)?.value;
  const payload = given ? payloadValues(messages, form, given, ignored, data.knownUploads) : [];
  check(messages);
  const presets = template ? presetValues(form, template.field_values, data.knownUploads).filter((entry) => !ignored.includes(entry.field_group)) : [];
  const fieldValues = mergedFieldValues(form, presets, payload);
  checkValues(form, fieldValues, ignored, 'active', data.permission);
  const incident: IncidentRecord = {
    id: data.incidentId,
    name: form.name,
    title,
    incident_title: title,
    state: 'active',
    form: form.id,
    template: template?.id ?? null,
    order,
    customer_group: data.customerGroupId,
    form_snapshot: form,
    field_values: fieldValues,
    ignored_field_groups: ignored,
    version: 1,
    created_at: data.at,
    created_by: data.actor,
    updated_at: data.at,
    updated_by: data.actor,
  };
  return [{ type: 'IncidentStarted', data: { incidentId: data.incidentId, groupPath: [...data.groupPath], incident } }];
}

/**
 * Optimistic concurrency, part by part: a part the caller sends unchanged from their version is no
 * change (someone else's newer value stays); a part already as the caller wants it is no change
 * either; a part the caller changes that someone else changed after their version is a conflict;
 * anything else is the caller's change. So edits of different fields merge, and no update is lost.
 */
class Resolution {
  readonly accepted = new Map<string, unknown>();
  private readonly conflicts: { name: string; mark: IncidentChangeMark }[] = [];

  constructor(
    private readonly state: RecordedIncident,
    private readonly base: number,
  ) {}

  offer(part: string, wanted: unknown, name: string): void {
    if (sameValue(wanted, partAt(this.state, part, this.base))) return;
    if (sameValue(wanted, currentPart(this.state.incident, part))) return;
    const mark = changedSince(this.state, part, this.base);
    if (mark) this.conflicts.push({ name, mark });
    else this.accepted.set(part, wanted);
  }

  /** 409 naming who changed it last, with the incident as it now is. */
  throwIfConflicting(moduleName: string): void {
    if (!this.conflicts.length) return;
    const latest = this.conflicts.reduce((a, b) => (b.mark.version > a.mark.version ? b : a));
    const fields = [...new Set(this.conflicts.map((entry) => entry.name))];
    throw incidentConflict(moduleName, actorName(latest.mark.by), fields, this.state.incident);
  }
}

function updateIncident(command: UpdateIncident, state: IncidentState): IncidentEvent[] {
  const current = recorded(state);
  const { data } = command;
  const { incident } = current;
  const form = incident.form_snapshot;
  if (incident.state === 'closed') throw incidentClosed(data.moduleName);
  const messages = new FieldMessages();
  const base = baseVersion(messages, data.version, incident.version);
  const title = changedTitle(messages, data.title);
  const ignored = data.ignoredFieldGroups === undefined ? undefined : ignoredGroups(messages, form, data.ignoredFieldGroups);
  let payload: IncidentPayloadValues[] = [];
  const given = data.payload === undefined ? undefined : accepted(messages, 'payload', data.payload);
  if (data.payload === undefined) messages.add('payload', REQUIRED);
  else if (given) {
    // Attachments the incident holds were checked when saved; they stay as stored when sent again.
    const uploads = { ...data.knownUploads, ...heldAttachments(incident.field_values) };
    payload = payloadValues(messages, form, given.value, ignored ?? incident.ignored_field_groups, uploads);
  }
  check(messages);

  const resolution = new Resolution(current, base);
  for (const entry of payload) resolution.offer(valueKey(entry.field_group, entry.field), entry.values, entry.field);
  if (title !== undefined) resolution.offer(TITLE_PART, title, TITLE_PART);
  if (ignored !== undefined) resolution.offer(IGNORED_GROUPS_PART, ignored, IGNORED_GROUPS_PART);
  resolution.throwIfConflicting(data.moduleName);

  const acceptedEntries = payload.filter((entry) => resolution.accepted.has(valueKey(entry.field_group, entry.field)));
  const newTitle = resolution.accepted.get(TITLE_PART) as string | undefined;
  const newIgnored = resolution.accepted.get(IGNORED_GROUPS_PART) as string[] | undefined;
  if (!acceptedEntries.length && newTitle === undefined && newIgnored === undefined) return [];

  const changes: IncidentValueChange[] = acceptedEntries.map((entry) => ({
    field: entry.field,
    field_group: entry.field_group,
    from: [...((currentPart(incident, valueKey(entry.field_group, entry.field)) as IncidentFieldValue['values']) ?? [])],
    to: entry.values,
  }));
  const event: IncidentUpdated = {
    type: 'IncidentUpdated',
    data: {
      incidentId: incident.id,
      changes,
      ...(newTitle === undefined ? {} : { title: { from: incident.title, to: newTitle } }),
      ...(newIgnored === undefined ? {} : { ignoredFieldGroups: { from: incident.ignored_field_groups, to: newIgnored } }),
      ...stampOf(incident, data, newTitle),
    },
  };
  // Checked on the incident as the save would leave it (stored values merged with the payload).
  const next = applyIncidentEvent(incident, event);
  checkValues(form, next.field_values, next.ignored_field_groups, incident.state, data.permission);
  return [event];
}

/** A patch records one event per part it changes (state, then title, then order), each a version. */
function patchIncident(command: PatchIncident, state: IncidentState): IncidentEvent[] {
  const current = recorded(state);
  const { data } = command;
  const { incident } = current;
  const messages = new FieldMessages();
  const base = baseVersion(messages, data.version, incident.version);
  let wantedState: RecordedIncidentStateName | undefined;
  if (data.state !== undefined) wantedState = accepted(messages, 'state', data.state)?.value;
  const title = changedTitle(messages, data.title);
  let order: string | undefined;
  if (data.order !== undefined) {
    const given = accepted(messages, 'order', data.order)?.value;
    if (given === undefined) order = undefined;
    else if (isOrderingKey(given)) order = given;
    else messages.add('order', ORDER_INVALID);
  }
  check(messages);

  const resolution = new Resolution(current, base);
  if (wantedState !== undefined) resolution.offer(STATE_PART, wantedState, STATE_PART);
  if (title !== undefined) resolution.offer(TITLE_PART, title, TITLE_PART);
  if (order !== undefined) resolution.offer(ORDER_PART, order, ORDER_PART);
  resolution.throwIfConflicting(data.moduleName);

  const newState = resolution.accepted.get(STATE_PART) as RecordedIncidentStateName | undefined;
  const newTitle = resolution.accepted.get(TITLE_PART) as string | undefined;
  const newOrder = resolution.accepted.get(ORDER_PART) as string | undefined;
  if (newTitle !== undefined && (newState ?? incident.state) === 'closed') throw incidentClosed(data.moduleName);

  const events: IncidentChangeEvent[] = [];
  let latest: IncidentRecord = incident;
  const record = (event: IncidentChangeEvent) => {
    events.push(event);
    latest = applyIncidentEvent(latest, event);
  };
  if (newState !== undefined) {
    record({ type: 'IncidentStateChanged', data: { incidentId: incident.id, from: latest.state, to: newState, ...stampOf(latest, data) } });
  }
  if (newTitle !== undefined) {
    record({ type: 'IncidentTitleChanged', data: { incidentId: incident.id, from: latest.title, to: newTitle, ...stampOf(latest, data, newTitle) } });
  }
  if (newOrder !== undefined) {
    record({ type: 'IncidentMoved', data: { incidentId: incident.id, from: latest.order, to: newOrder, ...stampOf(latest, data) } });
  }
  return events;
}

export function decideIncident(command: IncidentCommand, state: IncidentState): IncidentEvent[] {
  switch (command.type) {
    case 'StartIncident':
      return startIncident(command, state);
    case 'UpdateIncident':
      return updateIncident(command, state);
    case 'PatchIncident':
      return patchIncident(command, state);
  }
}

export const incidentDecider: Decider<IncidentCommand, IncidentEvent, IncidentState> = {
  decide: decideIncident,
  evolve: evolveIncident,
  initialState: initialIncidentState,
};

export const incidentStream = (incidentId: string) => `incident-${incidentId}`;
