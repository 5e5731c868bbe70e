import { describe, expect, it } from '@jest/globals';
import { GUARD_KINDS, canAccess, isGuardKind } from '@beacon/domain';
import { GUARD_EXPECTATIONS, expandGuardExpectations, subjectFor } from '../testing/access-expectations';

// The domain's guards against the spec's access tables, which live with the console routes and menu they also check.
describe('route guards (spec part 1 §6, part 2 §2 and §6)', () => {
  it.each(expandGuardExpectations().map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(canAccess(c.row.guard, c.subject, c.context)).toBe(c.expected);
  });

  it('has spec expectations for every guard kind', () => {
    const covered = new Set(GUARD_EXPECTATIONS.map((row) => row.guard));
    expect(GUARD_KINDS.filter((guard) => !covered.has(guard))).toEqual([]);
  });

  it('refuses a role that is not one of the five, even signed in', () => {
    const stranger = { ...subjectFor('ADMIN'), customerPermission: 'ROOT' as never };
    for (const guard of GUARD_KINDS) expect(canAccess(guard, stranger, { targetUserId: stranger.userId })).toBe(false);
  });

  it('profile edit: own id is matched exactly, never by an empty target', () => {
    const sender = { ...subjectFor('SENDER', { sendVerificationEmail: true }), userId: '' };
    expect(canAccess('profileEdit', sender)).toBe(false);
    expect(canAccess('profileEdit', sender, { targetUserId: '' })).toBe(true);
    expect(canAccess('profileEdit', subjectFor('SENDER', { sendVerificationEmail: true }), { targetUserId: 'USER-1' })).toBe(false);
  });

  it('recognises guard kinds', () => {
    expect(isGuardKind('incident')).toBe(true);
    expect(isGuardKind('users')).toBe(false);
    expect(isGuardKind(undefined)).toBe(false);
  });
});
