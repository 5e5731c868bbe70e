import { requiredValueText } from '@beacon/domain';
import { describe, expect, it } from '@jest/globals';
import { aPublicTemplate } from './template-fixtures';
import { missingValues, presetValues, shownGroups, startPayload, valueKey } from './template-values';

const dto = aPublicTemplate();
const titles = (values = {}) => shownGroups(dto, values).map((group) => group.title);

describe('the public template form', () => {
  it('starts from the template’s preset values, for fields the form still has', () => {
    expect(presetValues(dto)).toEqual({ [valueKey('g-details', 'f-notes')]: ['Reported via the public page'] });
  });

  it('shows a guest the groups whose conditions hold for an active incident and no permission, in order', () => {
    expect(titles()).toEqual(['Details']);
    expect(titles({ [valueKey('g-details', 'f-severity')]: ['f-severity-high'] })).toEqual(['Details', 'Escalation']);
    expect(titles({ [valueKey('g-details', 'f-severity')]: ['f-severity-low'] })).toEqual(['Details']);
  });

  it('finds the required values missing in the shown groups, in the shared words', () => {
    expect(missingValues(dto, {}).map(requiredValueText)).toEqual(['Details › Location: Please enter a value. This field is required.']);

    const high = { [valueKey('g-details', 'f-location')]: ['Main street'], [valueKey('g-details', 'f-severity')]: ['f-severity-high'] };
    expect(missingValues(dto, high).map(requiredValueText)).toEqual(['Escalation › Contact: Please enter a value. This field is required.']);
    expect(missingValues(dto, { ...high, [valueKey('g-escalation', 'f-contact')]: ['  '] })).toHaveLength(1);
    expect(missingValues(dto, { ...high, [valueKey('g-escalation', 'f-contact')]: ['Ada'] })).toEqual([]);
  });

  it('sends the values of the shown groups only, without expired or empty entries', () => {
    const values = {
      [valueKey('g-details', 'f-location')]: ['Main street', { value: 'old', is_expired: true }],
      [valueKey('g-details', 'f-severity')]: ['f-severity-low'],
      [valueKey('g-details', 'f-people')]: [],
      [valueKey('g-escalation', 'f-contact')]: ['Ada'],
    };

    expect(startPayload(dto, values)).toEqual([
      { field: 'f-location', field_group: 'g-details', values: ['Main street'] },
      { field: 'f-severity', field_group: 'g-details', values: ['f-severity-low'] },
    ]);
  });
});
