import { describe, expect, it, jest } from '@jest/globals';
import { aListItem, anIncident, aPage } from './incident-fixtures';
import { displayTitle, withLiveIncident } from './incident-rows';
import { publishLiveUpdate, subscribeToLiveIncidents } from '../../live/live-incidents';

describe('a live incident in the list', () => {
  const page = aPage([aListItem('a'), aListItem('b', { version: 4 })], { count: 12, number_of_pages: 2 });

  it('replaces the shown row with the incident as it now stands', () => {
    const changed = anIncident(aListItem('b'), { version: 5, title: 'Flood, now resolved', state: 'resolved', updated_at: '2024-03-07T10:00:00Z' });

    const next = withLiveIncident(page, changed);

    expect(next.data.map((row) => row.title)).toEqual(['Incident a', 'Flood, now resolved']);
    expect(next.data[1]).toMatchObject({ state: 'resolved', version: 5, updated_at: '2024-03-07T10:00:00Z' });
    expect(next).toMatchObject({ count: 12, number_of_pages: 2 });
  });

  it('ignores an incident not on the page, and an older version arriving late', () => {
    expect(withLiveIncident(page, anIncident(aListItem('z')))).toBe(page);
    expect(withLiveIncident(page, anIncident(aListItem('b', { version: 3, title: 'Old' })))).toBe(page);
  });

  it('shows the title, else the start title, else the form name', () => {
    expect(displayTitle({ title: 'T', incident_title: 'S', name: 'F' })).toBe('T');
    expect(displayTitle({ title: ' ', incident_title: 'S', name: 'F' })).toBe('S');
    expect(displayTitle({ title: '', incident_title: '', name: 'F' })).toBe('F');
  });
});

describe('incident live updates', () => {
  it('reach the listeners for resource incidents only, until they unsubscribe', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeToLiveIncidents(listener);
    const incident = anIncident(aListItem('a'));
    const update = { position: 7, type: 'IncidentUpdated', resource: 'incidents', id: 'a', data: incident, tenantId: 't' };

    publishLiveUpdate(update);
    publishLiveUpdate({ ...update, resource: 'customer_group_im_settings', data: { module_name: 'Case' } });
    publishLiveUpdate({ ...update, data: { nonsense: true } });
    unsubscribe();
    publishLiveUpdate(update);

    expect(listener).toHaveBeenCalledTimes(1);

    expect(listener).toHaveBeenCalledWith(incident);
  });
});
