import { describe, expect, it } from '@jest/globals';
import { ROOT_PERMISSIONS } from '../shared/permissions';
import * as subjectModule from './access-subject';

describe('access subject', () => {
  it('names only root permissions spelt as the spec spells them', () => {
    const names = Object.entries(subjectModule)
      .filter(([name]) => name.endsWith('_PERMISSION'))
      .map(([, value]) => value);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(ROOT_PERMISSIONS).toContain(name);
  });

  it('keeps {product} as the literal placeholder in the combined incident permission', () => {
    expect(subjectModule.PRODUCT_AND_INCIDENT_MANAGER_PERMISSION).toBe('Show {product} + Incident Manager dashboard');
  });

  it.each([
    [[], false],
    [['Show Incident Manager dashboard only'], true],
    [['Show {product} + Incident Manager dashboard'], true],
    [['Show Beacon + Incident Manager dashboard'], false],
    [['Media library', 'Use Slack'], false],
  ] as const)('incident root permission in %j → %s', (rootPermissions, expected) => {
    expect(subjectModule.hasIncidentRootPermission({ rootPermissions })).toBe(expected);
  });

  it('checks roles and root permissions exactly', () => {
    const subject: subjectModule.AccessSubject = {
      customerPermission: 'OPERATOR',
      isTemporary: false,
      rootPermissions: ['Media library'],
      hasNoticeboardNumbers: false,
      sendVerificationEmail: false,
      userId: 'user-1',
    };
    expect(subjectModule.hasRole(subject, ['ADMIN', 'OPERATOR'])).toBe(true);
    expect(subjectModule.hasRole(subject, ['ADMIN'])).toBe(false);
    expect(subjectModule.hasRootPermission(subject, 'Media library')).toBe(true);
    expect(subjectModule.hasRootPermission({ rootPermissions: ['media library'] }, 'Media library')).toBe(false);
    expect(subjectModule.hasAnyRootPermission(subject, ['Voice', 'Media library'])).toBe(true);
  });
});
