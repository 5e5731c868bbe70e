import { describe, expect, it } from '@jest/globals';
import { editsSince, NO_EDITS, payloadOf, withGivenTitle, withIgnored, withoutConflicting } from './incident-values';
import { aNewIncident, anIncident, FIELDS, GROUPS } from './testing/incident-fixtures';

describe('incident values', () => {
  it('takes the title from the incident, otherwise from the one given', () => {
    expect(withGivenTitle(aNewIncident({ incident_title: 'From the server' }), 'Given').incident_title).toBe('From the server');
    expect(withGivenTitle(aNewIncident({ incident_title: '' }), ' Given ').incident_title).toBe('Given');
  });

  it('leaves ignored groups out of the payload', () => {
    const incident = anIncident({ ignored_field_groups: [] });
    const edits = withIgnored(incident, NO_EDITS, GROUPS.details.id, true);
    const groups = new Set(payloadOf(incident, edits).map((entry) => entry.field_group));
    expect([...groups]).toEqual([GROUPS.escalation.id, GROUPS.evidence.id]);
  });

  it('keeps only what changed since a save began, and drops conflicting fields in every group', () => {
    const atSave = { values: { a: ['1'] }, title: 'T', ignoredFieldGroups: null };
    expect(editsSince({ values: { a: ['1'], b: ['2'] }, title: 'T', ignoredFieldGroups: ['g'] }, atSave)).toEqual({
      values: { b: ['2'] },
      title: null,
      ignoredFieldGroups: ['g'],
    });
    const key = `${GROUPS.details.id}/${FIELDS.location.id}`;
    expect(withoutConflicting({ values: { [key]: ['x'] }, title: 'T', ignoredFieldGroups: [] }, [FIELDS.location.id, 'ignored_field_groups'])).toEqual({
      values: {},
      title: 'T',
      ignoredFieldGroups: null,
    });
  });
});
