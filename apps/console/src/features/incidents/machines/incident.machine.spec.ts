import type { IncidentConflictDto, IncidentDto } from '@beacon/contracts';
import { REQUIRED_VALUE_MESSAGE, requiredValueText } from '@beacon/domain';
import { describe, expect, it, jest } from '@jest/globals';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import type { IncidentWrite } from '../incident-calls';
import { aNewIncident, anIncident, FIELDS, GROUPS, withDetails } from '../testing/incident-fixtures';
import { incidentMachine, type IncidentWritten } from './incident.machine';

/** Calls the test answers by hand. */
function pending<TInput>() {
  const calls: { input: TInput; resolve: (incident: IncidentDto) => void; reject: (error: unknown) => void }[] = [];
  const logic = fromPromise<IncidentDto, TInput>(({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject })));
  return { calls, logic };
}

function start(permission = 'OPERATOR') {
  const loads = pending<{ id: string }>();
  const writes = pending<IncidentWrite>();
  const written: IncidentWritten[] = [];
  const announce = jest.fn((_: unknown, params: IncidentWritten) => written.push(params));
  const actor = createActor(
    incidentMachine.provide({
      actors: { loadIncident: loads.logic, writeIncident: writes.logic },
      actions: { announceWritten: announce },
    }),
    { input: { permission } },
  ).start();
  return { actor, loads, writes, written };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Location filled in: the only value the new incident requires. */
const fillLocation = (actor: ReturnType<typeof start>['actor'], value = 'Dock 4') =>
  actor.send({ type: 'incident.edit', fieldGroup: GROUPS.details.id, field: FIELDS.location.id, values: [value] });

describe('incident machine', () => {
  it('shows a new incident as new, and blocks its save naming each missing required value', () => {
    const { actor, writes } = start();
    actor.send({ type: 'incident.open', incident: aNewIncident() });
    expect(actor.getSnapshot().value).toBe('new');

    actor.send({ type: 'incident.save', order: 'k' });

    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().value).toBe('new');
    expect(writes.calls).toHaveLength(0);
    expect(context.blockedSaves).toBe(1);
    // Escalation is hidden (severity is not High), so only Details › Location and Evidence › Photos are missing.
    expect(context.missing.map(requiredValueText)).toEqual([
      `Details › Location: ${REQUIRED_VALUE_MESSAGE}`,
      `Evidence › Photos: ${REQUIRED_VALUE_MESSAGE}`,
    ]);
    expect(REQUIRED_VALUE_MESSAGE).toBe('Please enter a value. This field is required.');
  });

  it('requires the values of a group its display conditions show, live with the edited values', () => {
    const { actor } = start();
    actor.send({ type: 'incident.open', incident: aNewIncident({ ignored_field_groups: [GROUPS.evidence.id] }) });
    fillLocation(actor);
    actor.send({ type: 'incident.edit', fieldGroup: GROUPS.details.id, field: FIELDS.severity.id, values: ['opt-high'] });

    actor.send({ type: 'incident.save' });

    expect(actor.getSnapshot().context.missing.map((gap) => gap.field_label)).toEqual(['Escalation plan']);
  });

  it('starts a new incident with its order, title, payload and ignored groups, then holds it as saved', async () => {
    const { actor, writes, written } = start();
    actor.send({ type: 'incident.open', incident: aNewIncident() });
    fillLocation(actor);
    actor.send({ type: 'incident.editTitle', title: 'Dock fire' });
    actor.send({ type: 'incident.ignore', fieldGroup: GROUPS.evidence.id, ignored: true });

    actor.send({ type: 'incident.save', order: 'k' });

    expect(actor.getSnapshot().value).toBe('saving');
    expect(writes.calls[0].input).toEqual({
      kind: 'start',
      form: 'form-1',
      body: {
        order: 'k',
        incident_title: 'Dock fire',
        ignored_field_groups: [GROUPS.evidence.id],
        payload: [
          { field: FIELDS.location.id, field_group: GROUPS.details.id, values: ['Dock 4'] },
          { field: FIELDS.severity.id, field_group: GROUPS.details.id, values: [] },
          { field: FIELDS.casualties.id, field_group: GROUPS.details.id, values: [] },
          { field: FIELDS.reporter.id, field_group: GROUPS.details.id, values: [] },
          { field: FIELDS.escalation.id, field_group: GROUPS.escalation.id, values: [] },
        ],
      },
    });

    const started = anIncident({ id: 'inc-7', incident_title: 'Dock fire', version: 1 });
    writes.calls[0].resolve(started);
    await waitFor(actor, (s) => s.matches('saved'));

    expect(written).toEqual([{ incident: started, started: true }]);
    expect(actor.getSnapshot().context.incident).toBe(started);
    expect(actor.getSnapshot().context.edits).toEqual({ values: {}, title: null, ignoredFieldGroups: null });
  });

  it('starts an incident made from a template through the template', () => {
    const { actor, writes } = start();
    actor.send({ type: 'incident.open', incident: aNewIncident({ template: 'tpl-1', ignored_field_groups: [GROUPS.evidence.id] }) });
    fillLocation(actor);

    actor.send({ type: 'incident.save', order: 'k' });

    expect(writes.calls[0].input).toMatchObject({ kind: 'startFromTemplate', template: 'tpl-1', body: { order: 'k' } });
  });

  it('loads a recorded incident as saved, and updates it from the version the edits were based on', async () => {
    const { actor, loads, writes, written } = start();
    actor.send({ type: 'incident.load', id: 'inc-1' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(loads.calls[0].input).toEqual({ id: 'inc-1' });
    loads.calls[0].resolve(anIncident());
    await waitFor(actor, (s) => s.matches('saved'));

    fillLocation(actor, 'Dock 5');
    actor.send({ type: 'incident.save' });

    expect(writes.calls[0].input).toMatchObject({
      kind: 'update',
      id: 'inc-1',
      body: { version: 3, incident_title: 'Warehouse fire', ignored_field_groups: [GROUPS.evidence.id] },
    });
    const body = (writes.calls[0].input as Extract<IncidentWrite, { kind: 'update' }>).body;
    expect(body.payload.find((entry) => entry.field === FIELDS.location.id)?.values).toEqual(['Dock 5']);
    expect(body.payload.some((entry) => entry.field_group === GROUPS.evidence.id)).toBe(false);

    writes.calls[0].resolve(withDetails(anIncident({ version: 4 }), { [FIELDS.location.id]: ['Dock 5'] }));
    await waitFor(actor, (s) => s.matches('saved'));
    expect(written[0].started).toBe(false);
  });

  it('removes expired value entries before saving', () => {
    const { actor, writes } = start();
    const incident = withDetails(anIncident(), { [FIELDS.casualties.id]: [{ value: 3, is_expired: true }, 2] });
    actor.send({ type: 'incident.open', incident });

    actor.send({ type: 'incident.save' });

    const body = (writes.calls[0].input as Extract<IncidentWrite, { kind: 'update' }>).body;
    expect(body.payload.find((entry) => entry.field === FIELDS.casualties.id)?.values).toEqual([2]);
  });

  it('resets the edited values when another incident becomes current', async () => {
    const { actor, loads } = start();
    actor.send({ type: 'incident.open', incident: anIncident() });
    fillLocation(actor, 'Dock 9');
    actor.send({ type: 'incident.editTitle', title: 'Other' });

    actor.send({ type: 'incident.open', incident: anIncident({ id: 'inc-2' }) });
    expect(actor.getSnapshot().context.edits).toEqual({ values: {}, title: null, ignoredFieldGroups: null });

    fillLocation(actor, 'Dock 10');
    actor.send({ type: 'incident.load', id: 'inc-3' });
    expect(actor.getSnapshot().context.edits.values).toEqual({});
    loads.calls[0].resolve(anIncident({ id: 'inc-3' }));
    await waitFor(actor, (s) => s.matches('saved'));
    expect(actor.getSnapshot().context.incident?.id).toBe('inc-3');
  });

  it('ignoring a group drops its payload entries and its error marks', () => {
    const { actor, writes } = start();
    actor.send({ type: 'incident.open', incident: aNewIncident() });
    fillLocation(actor);
    actor.send({ type: 'incident.save' });
    expect(actor.getSnapshot().context.missing.map((gap) => gap.field_group)).toEqual([GROUPS.evidence.id]);

    actor.send({ type: 'incident.ignore', fieldGroup: GROUPS.evidence.id, ignored: true });
    expect(actor.getSnapshot().context.missing).toEqual([]);

    actor.send({ type: 'incident.save', order: 'k' });
    const body = (writes.calls[0].input as Extract<IncidentWrite, { kind: 'start' }>).body;
    expect(body.ignored_field_groups).toEqual([GROUPS.evidence.id]);
    expect(body.payload?.some((entry) => entry.field_group === GROUPS.evidence.id)).toBe(false);
  });

  describe('a conflict (409)', () => {
    const current = withDetails(anIncident({ version: 5, updated_by: { id: 'user-2', name: 'Sam Demo' } }), {
      [FIELDS.location.id]: ['Dock 8'],
    });
    const conflict: IncidentConflictDto = {
      detail: 'This Incident was changed by Sam Demo while you were editing. Your changes were not saved; the current values are shown.',
      conflicting_fields: [FIELDS.location.id],
      incident: current,
    };

    it('shows the server detail and the current values, keeps the other edits, and saves again from the new version', async () => {
      const { actor, writes } = start();
      actor.send({ type: 'incident.open', incident: anIncident() });
      fillLocation(actor, 'Dock 5');
      actor.send({ type: 'incident.edit', fieldGroup: GROUPS.details.id, field: FIELDS.casualties.id, values: [2] });
      actor.send({ type: 'incident.save' });

      writes.calls[0].reject(new ApiError(409, conflict));
      await waitFor(actor, (s) => s.matches('conflict'));

      const { context } = actor.getSnapshot();
      expect(context.conflict).toEqual({ detail: conflict.detail, conflictingFields: [FIELDS.location.id] });
      expect(context.incident).toBe(current);
      expect(Object.keys(context.edits.values)).toEqual([`${GROUPS.details.id}/${FIELDS.casualties.id}`]);

      actor.send({ type: 'incident.save' });
      const body = (writes.calls[1].input as Extract<IncidentWrite, { kind: 'update' }>).body;
      expect(body.version).toBe(5);
      expect(body.payload.find((entry) => entry.field === FIELDS.location.id)?.values).toEqual(['Dock 8']);
      expect(body.payload.find((entry) => entry.field === FIELDS.casualties.id)?.values).toEqual([2]);

      writes.calls[1].resolve({ ...current, version: 6 });
      await waitFor(actor, (s) => s.matches('saved'));
      expect(actor.getSnapshot().context.conflict).toBeNull();
    });

    it('a conflict on the title drops the edited title', async () => {
      const { actor, writes } = start();
      actor.send({ type: 'incident.open', incident: anIncident() });
      actor.send({ type: 'incident.editTitle', title: 'Mine' });
      actor.send({ type: 'incident.save' });

      writes.calls[0].reject(new ApiError(409, { ...conflict, conflicting_fields: ['incident_title'] }));
      await waitFor(actor, (s) => s.matches('conflict'));

      expect(actor.getSnapshot().context.edits.title).toBeNull();
    });
  });

  describe('errors', () => {
    it('shows the spec text for a 500 and keeps the edits to save again', async () => {
      const { actor, writes } = start();
      actor.send({ type: 'incident.open', incident: anIncident() });
      fillLocation(actor, 'Dock 5');
      actor.send({ type: 'incident.save' });

      writes.calls[0].reject(new ApiError(500, SERVER_ERROR_TEXT));
      await waitFor(actor, (s) => s.matches('error'));

      expect(actor.getSnapshot().context.error).toEqual({ call: 'save', text: 'An error occurred. Please contact your administrator.' });
      expect(actor.getSnapshot().context.edits.values).not.toEqual({});
    });

    it("shows another status's server message, its missing values and rule errors as returned", async () => {
      const { actor, writes } = start();
      actor.send({ type: 'incident.open', incident: anIncident() });
      actor.send({ type: 'incident.save' });
      const ruleError = { message: 'Use at least 3 characters.', for_field: FIELDS.location.id, type: 'min_length' as const, value: '3' };

      writes.calls[0].reject(new ApiError(400, { detail: 'A value breaks a rule of the form.', rule_errors: [ruleError] }));
      await waitFor(actor, (s) => s.matches('error'));

      expect(actor.getSnapshot().context.error?.text).toBe('A value breaks a rule of the form.');
      expect(actor.getSnapshot().context.ruleErrors).toEqual([ruleError]);
    });

    it('a successful call clears the stored error of its kind only', async () => {
      const { actor, writes, loads } = start();
      actor.send({ type: 'incident.load', id: 'inc-1' });
      loads.calls[0].reject(new ApiError(404, { detail: 'Not found.' }));
      await waitFor(actor, (s) => s.matches('error'));
      expect(actor.getSnapshot().context.error).toEqual({ call: 'load', text: 'Not found.' });

      actor.send({ type: 'incident.load', id: 'inc-1' });
      expect(actor.getSnapshot().context.error?.call).toBe('load');
      loads.calls[1].resolve(anIncident());
      await waitFor(actor, (s) => s.matches('saved'));
      expect(actor.getSnapshot().context.error).toBeNull();

      actor.send({ type: 'incident.changeState', state: 'monitoring' });
      writes.calls[0].reject(new ApiError(400, { detail: 'Not allowed.' }));
      await waitFor(actor, (s) => s.matches('error'));
      actor.send({ type: 'incident.save' });
      writes.calls[1].resolve(anIncident({ version: 4 }));
      await waitFor(actor, (s) => s.matches('saved'));
      expect(actor.getSnapshot().context.error).toEqual({ call: 'state', text: 'Not allowed.' });

      actor.send({ type: 'incident.changeState', state: 'monitoring' });
      expect(writes.calls[2].input).toEqual({ kind: 'patch', id: 'inc-1', body: { version: 4, state: 'monitoring' } });
      writes.calls[2].resolve(anIncident({ version: 5, state: 'monitoring' }));
      await waitFor(actor, (s) => s.matches('saved'));
      expect(actor.getSnapshot().context.error).toBeNull();
    });
  });

  describe("others' changes arriving live", () => {
    const bySam = { id: 'user-2', name: 'Sam Demo' };

    it('shows their values where the user has not edited, keeps the user’s edits, takes the new version and says who', () => {
      const { actor, writes } = start();
      actor.send({ type: 'incident.open', incident: anIncident() });
      actor.send({ type: 'incident.edit', fieldGroup: GROUPS.details.id, field: FIELDS.casualties.id, values: [2] });

      const theirs = withDetails(anIncident({ version: 4, updated_by: bySam }), { [FIELDS.location.id]: ['Dock 8'] });
      actor.send({ type: 'incident.changedElsewhere', incident: theirs });

      const { context } = actor.getSnapshot();
      expect(context.incident).toBe(theirs);
      expect(context.edits.values).toEqual({ [`${GROUPS.details.id}/${FIELDS.casualties.id}`]: [2] });
      expect(context.notice).toEqual({ by: 'Sam Demo', version: 4 });
      expect(context.overlaps).toEqual({});

      actor.send({ type: 'incident.save' });
      expect((writes.calls[0].input as Extract<IncidentWrite, { kind: 'update' }>).body.version).toBe(4);
    });

    it('flags a field the user edited that they changed too', () => {
      const { actor } = start();
      actor.send({ type: 'incident.open', incident: anIncident() });
      fillLocation(actor, 'Dock 5');

      actor.send({
        type: 'incident.changedElsewhere',
        incident: withDetails(anIncident({ version: 4, updated_by: bySam }), { [FIELDS.location.id]: ['Dock 8'] }),
      });

      expect(actor.getSnapshot().context.overlaps).toEqual({ [`${GROUPS.details.id}/${FIELDS.location.id}`]: 'Sam Demo' });
    });

    it('ignores older versions and other incidents', () => {
      const { actor } = start();
      const incident = anIncident();
      actor.send({ type: 'incident.open', incident });

      actor.send({ type: 'incident.changedElsewhere', incident: anIncident({ version: 2 }) });
      actor.send({ type: 'incident.changedElsewhere', incident: anIncident({ id: 'inc-2', version: 9 }) });

      expect(actor.getSnapshot().context.incident).toBe(incident);
      expect(actor.getSnapshot().context.notice).toBeNull();
    });

    it('takes a change that arrived during a save once the save answers, if it is newer', async () => {
      const { actor, writes } = start();
      actor.send({ type: 'incident.open', incident: anIncident() });
      fillLocation(actor, 'Dock 5');
      actor.send({ type: 'incident.save' });

      const ownEcho = withDetails(anIncident({ version: 4 }), { [FIELDS.location.id]: ['Dock 5'] });
      const theirs = withDetails(anIncident({ version: 5, updated_by: bySam }), { [FIELDS.casualties.id]: [7] });
      actor.send({ type: 'incident.changedElsewhere', incident: theirs });
      actor.send({ type: 'incident.changedElsewhere', incident: ownEcho });
      writes.calls[0].resolve(ownEcho);
      await waitFor(actor, (s) => s.matches('saved'));
      await settled();

      expect(actor.getSnapshot().context.incident).toBe(theirs);
      expect(actor.getSnapshot().context.notice?.by).toBe('Sam Demo');
    });
  });

  it('keeps what was typed during a save as unsaved edits', async () => {
    const { actor, writes } = start();
    actor.send({ type: 'incident.open', incident: anIncident() });
    fillLocation(actor, 'Dock 5');
    actor.send({ type: 'incident.save' });
    actor.send({ type: 'incident.edit', fieldGroup: GROUPS.details.id, field: FIELDS.casualties.id, values: [4] });

    writes.calls[0].resolve(withDetails(anIncident({ version: 4 }), { [FIELDS.location.id]: ['Dock 5'] }));
    await waitFor(actor, (s) => s.matches('saved'));

    expect(actor.getSnapshot().context.edits.values).toEqual({ [`${GROUPS.details.id}/${FIELDS.casualties.id}`]: [4] });
  });

  it('changes no value of a closed incident, but can reopen it', () => {
    const { actor, writes } = start();
    actor.send({ type: 'incident.open', incident: anIncident({ state: 'closed' }) });

    fillLocation(actor, 'Dock 5');
    actor.send({ type: 'incident.save' });
    expect(actor.getSnapshot().context.edits.values).toEqual({});
    expect(writes.calls).toHaveLength(0);

    actor.send({ type: 'incident.changeState', state: 'active' });
    expect(writes.calls[0].input).toEqual({ kind: 'patch', id: 'inc-1', body: { version: 3, state: 'active' } });
  });

  it('closes the current incident', () => {
    const { actor } = start();
    actor.send({ type: 'incident.open', incident: anIncident() });
    actor.send({ type: 'incident.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.incident).toBeNull();
  });
});
