import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../shared/domain-errors';
import { Refused, notAChoice } from '../shared/field-messages';
import { given } from '../shared/given-when-then';
import { FORM, UPLOADS, entry, patch, start, update } from '../testing/incident-fixtures';
import type { IncidentCommand } from './incident.commands';
import { incidentDecider } from './incident.decide';
import type { IncidentEvent } from './incident.events';

/**
 * Ids named like what every plain object inherits are unknown ids like any other: a save naming
 * one as a field, a field group, an ignored group, an option or an uploaded file is answered as one
 * naming an id the form does not have. The snapshot and the uploads are read back from JSON, as the
 * decider gets them from the stored start and the handler.
 */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const UNKNOWN = 'no-such-id';

const form = JSON.parse(JSON.stringify(FORM)) as typeof FORM;
const knownUploads = JSON.parse(JSON.stringify(UPLOADS)) as typeof UPLOADS;
const located = entry('details', 'location', ['Riverside']);
const history: IncidentEvent[] = given(incidentDecider, []).when(start({ form, knownUploads }));

/** What a command decides: its events, or its error with the id in the messages written as `{id}`. */
function outcome(command: IncidentCommand, id: string): unknown {
  try {
    return { events: given(incidentDecider, history).when(command) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return JSON.parse(JSON.stringify({ kind: error.kind, message: error.message, fields: error.fields }).split(id).join('{id}'));
  }
}

/** Each command with `id` in one place where an id is named, the rest as a real save would have it. */
const COMMANDS: Record<string, (id: string) => IncidentCommand> = {
  'start with a value of the field': (id) => start({ form, knownUploads, payload: [located, entry('details', id, ['x'])] }),
  'start with a value in the group': (id) => start({ form, knownUploads, payload: [located, entry(id, 'notes', ['x'])] }),
  'start ignoring the group': (id) => start({ form, knownUploads, payload: [located], ignoredFieldGroups: [id] }),
  'start choosing the option': (id) => start({ form, knownUploads, payload: [located, entry('details', 'severity', [id])] }),
  'start attaching the upload': (id) => start({ form, knownUploads, payload: [located, entry('details', 'photos', [{ key: id, name: 'river.jpg' }])] }),
  'update a value of the field': (id) => update({ knownUploads, payload: [entry('details', id, ['x'])] }),
  'update a value in the group': (id) => update({ knownUploads, payload: [entry(id, 'notes', ['x'])] }),
  'update ignoring the group': (id) => update({ knownUploads, payload: [], ignoredFieldGroups: [id] }),
  'update attaching the upload': (id) => update({ knownUploads, payload: [entry('details', 'photos', [{ key: id, name: 'river.jpg' }])] }),
  'move to the state': (id) => patch({ state: new Refused([notAChoice(id)]) }),
};

describe.each(PROTOTYPE_NAMES.map((name) => [name]))('"%s" as an id in an incident save', (name) => {
  it.each(Object.entries(COMMANDS))('%s: answered as an unknown id', (_, command) => {
    const unknown = outcome(command(UNKNOWN), UNKNOWN);
    expect(unknown).not.toHaveProperty('events');
    expect(outcome(command(name), name)).toEqual(unknown);
  });
});
