import { describe, expect, it } from '@jest/globals';
import { ROOT_PERMISSIONS } from '@beacon/domain';
import { visibleMenu } from '@beacon/contracts';
import { subjectFor } from '@beacon/contracts/testing';
import { activeMenuItemKey, groupsOpenFor, menuLinks } from './menu-location';

const menu = visibleMenu(subjectFor('ADMIN', { rootPermissions: ROOT_PERMISSIONS, hasNoticeboardNumbers: true }));

describe('activeMenuItemKey', () => {
  it.each([
    ['/', 'dashboard'],
    ['/message_sending', 'sendMessage'],
    ['/message/calendar/schedule_message', 'messageCalendar'],
    ['/message/sessions/7/dispatch_details', 'messageReports'],
    ['/message/scenario/add/recipients', 'createMessage'],
    ['/audio_noticeboard/add', 'audioNoticeboard'],
    ['/incidents/settings/forms/3/edit', 'incidentSettings'],
    ['/media_library', 'mediaLibrary'],
    ['/users/4/edit/devices', 'manageUsers'],
    ['/integration/slack/reports', 'slack'],
  ])('%s → %s', (path, key) => {
    expect(activeMenuItemKey(menu, path)).toBe(key);
  });

  it('finds no item for a page outside the menu, so the previous one stays active', () => {
    expect(activeMenuItemKey(menu, '/user_import')).toBeUndefined();
    expect(activeMenuItemKey(menu, '/no/such/page')).toBeUndefined();
  });

  it('does not take a segment that only starts like an item path', () => {
    expect(activeMenuItemKey(menu, '/helpdesk')).toBeUndefined();
  });
});

describe('groupsOpenFor', () => {
  it('opens a group whose url name the path contains', () => {
    expect(groupsOpenFor(menu, '/message_sending/scenario/edit/9', undefined)).toEqual(['messages']);
    expect(groupsOpenFor(menu, '/incidents/start/create', undefined)).toEqual(['incidents']);
    expect(groupsOpenFor(menu, '/integration/microsoft_teams/list', undefined)).toEqual(['manageIntegrations']);
  });

  it('opens the group holding the active item', () => {
    expect(groupsOpenFor(menu, '/audio_noticeboard', 'audioNoticeboard')).toEqual(['messages']);
  });

  it('opens nothing elsewhere, even where a later segment names a group', () => {
    expect(groupsOpenFor(menu, '/datasets/1/edit/settings/message-sending', undefined)).toEqual([]);
  });
});

describe('menuLinks', () => {
  it('lists every linked item without the groups', () => {
    expect(menuLinks(menu).map((item) => item.key)).not.toContain('messages');
    expect(menuLinks(menu).map((item) => item.key)).toContain('slack');
  });
});
