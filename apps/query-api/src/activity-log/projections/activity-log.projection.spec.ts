import { describe, expect, it } from '@jest/globals';
import { humanizeEventType } from '@beacon/domain';
import type { EventMetadata, RecordedEvent } from '@beacon/event-store';
import { ACTIVITY_LOGS, activityLogProjection, type ActivityLogDocument } from './activity-log.projection';

const TENANT = 'root-1';
const NORTH = 'north-1';
const ADMIN = 'user-admin';

let nextPosition = 1;

function recorded(type: string, data: unknown, metadata: EventMetadata = {}): RecordedEvent {
  const position = nextPosition++;
  return {
    id: `event-${position}`,
    type,
    data,
    metadata: { tenantId: TENANT, customerGroupId: NORTH, actorUserId: ADMIN, acceptedAt: '2026-03-04T05:06:07.000Z', ...metadata },
    streamName: 'stream-1',
    revision: 0,
    position,
    recordedAt: '2026-03-04T05:06:08.000Z',
  };
}

/** Projects one event onto an empty store and returns its document and the change's tenant. */
function project(event: RecordedEvent): { document: ActivityLogDocument; tenantId: string } {
  const changes = activityLogProjection.project(event);
  expect(changes).toHaveLength(1);
  const [change] = changes;
  expect(change!.collection).toBe(ACTIVITY_LOGS);
  return { document: change!.apply(null) as ActivityLogDocument, tenantId: change!.tenantId };
}

const summaryOf = (type: string, data: unknown, metadata?: EventMetadata) => project(recorded(type, data, metadata)).document.summary;

describe('activity log projection', () => {
  it('records who, what, when, where and the position of an event, in its tenant', () => {
    const event = recorded('UserSignedIn', { userId: ADMIN, sessionId: 's-1' });
    const { document, tenantId } = project(event);
    expect(tenantId).toBe(TENANT);
    expect(document).toEqual({
      _id: String(event.position).padStart(16, '0'),
      position: event.position,
      stream: 'stream-1',
      event_type: 'UserSignedIn',
      category: 'sign_in',
      occurred_at: '2026-03-04T05:06:07.000Z',
      customer_group: NORTH,
      actor: ADMIN,
      target_user: ADMIN,
      summary: 'Signed in',
      details: {},
    });
  });

  it('skips events without a tenant', () => {
    expect(activityLogProjection.project(recorded('UserSignedIn', { userId: ADMIN }, { tenantId: undefined }))).toEqual([]);
    expect(activityLogProjection.project(recorded('UserSignedIn', { userId: ADMIN }, { tenantId: '' }))).toEqual([]);
  });

  it('puts an event that names no customer group under the tenant root, and one without an actor under nobody', () => {
    const { document } = project(recorded('UserEmailClaimed', { email: 'a@b.test', userId: 'u-1' }, { customerGroupId: undefined, actorUserId: null }));
    expect(document.customer_group).toBe(TENANT);
    expect(document.actor).toBeNull();
  });

  it('takes the time the store recorded the event when the command time is missing or unreadable', () => {
    expect(project(recorded('UserSignedIn', { userId: ADMIN }, { acceptedAt: undefined })).document.occurred_at).toBe('2026-03-04T05:06:08.000Z');
    expect(project(recorded('UserSignedIn', { userId: ADMIN }, { acceptedAt: 'yesterday' })).document.occurred_at).toBe('2026-03-04T05:06:08.000Z');
    expect(project(recorded('UserSignedIn', { userId: ADMIN }, { acceptedAt: '2026-03-04T06:06:07+01:00' })).document.occurred_at).toBe(
      '2026-03-04T05:06:07.000Z',
    );
  });

  it('keeps a document it already has (a replayed event changes nothing)', () => {
    const [change] = activityLogProjection.project(recorded('UserSignedIn', { userId: ADMIN }));
    const existing = { _id: change!.id, summary: 'earlier' };
    expect(change!.apply(existing)).toBe(existing);
  });

  it('says what happened for each known event type', () => {
    expect(
      summaryOf('CustomerGroupCreated', {
        customerGroupId: NORTH,
        name: 'North Region',
        parentId: TENANT,
        rootId: TENANT,
        ancestorIds: [TENANT],
        rootPermissions: [],
        settings: {},
      }),
    ).toBe('Created customer group North Region');
    expect(summaryOf('IncidentModuleSettingsChanged', { customerGroupId: TENANT, moduleName: 'Case', moduleNamePlural: 'Cases' })).toBe(
      'Changed the Incident module name to Case / Cases',
    );
    expect(summaryOf('CustomerGroupDetailsChanged', { customerGroupId: TENANT, name: 'Acme', shouldUseAutologout: true })).toBe(
      'Changed customer group details: name Acme, auto-logout on',
    );
    expect(summaryOf('CustomerGroupDetailsChanged', { customerGroupId: TENANT, brandLoginUrl: 'acme', previousBrandLoginUrl: '' })).toBe(
      'Changed customer group details: brand login URL /acme',
    );
    expect(summaryOf('CustomerGroupDetailsChanged', { customerGroupId: TENANT, brandLoginUrl: '', previousBrandLoginUrl: 'acme' })).toBe(
      'Changed customer group details: brand login URL none',
    );
    expect(summaryOf('CustomerGroupBrandLoginClaimed', { brand: 'acme', customerGroupId: TENANT, rootId: TENANT })).toBe(
      'Reserved the brand login URL /acme',
    );
    expect(summaryOf('CustomerGroupBrandLoginReleased', { brand: 'acme', customerGroupId: TENANT, rootId: TENANT })).toBe(
      'Released the brand login URL /acme',
    );
    expect(
      summaryOf('UserRegistered', {
        userId: 'u-1',
        email: 'ops@demo.test',
        firstName: 'Olu',
        lastName: 'Demo',
        customerGroupId: TENANT,
        rootId: TENANT,
        customerPermission: 'OPERATOR',
        isTemporary: false,
        preferredTimezone: 'Europe/London',
      }),
    ).toBe('Created user ops@demo.test (OPERATOR)');
    expect(summaryOf('UserEmailClaimed', { email: 'ops@demo.test', userId: 'u-1' })).toBe('Reserved the email address ops@demo.test');
    expect(summaryOf('UserPasswordSet', { userId: ADMIN })).toBe('Set their password');
    expect(summaryOf('UserPasswordSet', { userId: 'u-1' }, { actorUserId: null })).toBe("Set a user's password");
    expect(summaryOf('UserSignedIn', { userId: ADMIN, sessionId: 's' })).toBe('Signed in');
    expect(summaryOf('UserSignInFailed', { userId: ADMIN })).toBe('Failed sign-in attempt');
    expect(summaryOf('UserSignInFailed', { userId: ADMIN, stage: 'second_factor' })).toBe('Failed sign-in attempt (wrong two-factor code)');
    expect(summaryOf('UserLockedOut', { userId: ADMIN, failedAttempts: 5 })).toBe('Locked out after 5 failed sign-in attempts');
    expect(summaryOf('UserPasswordChanged', { userId: ADMIN, sessionId: 's' })).toBe('Changed their password');
    expect(summaryOf('UserTwoFactorEnabled', { userId: ADMIN, method: 'totp' })).toBe('Turned on two-factor sign-in');
    expect(summaryOf('UserCustomerPermissionChanged', { userId: 'u-1', customerPermission: 'ADMIN', previousCustomerPermission: 'DATA' })).toBe(
      "Changed a user's permission from DATA to ADMIN",
    );
    expect(summaryOf('UserSignedOut', { userId: ADMIN, sessionId: 's', inactivity: false })).toBe('Signed out');
    expect(summaryOf('UserSignedOut', { userId: ADMIN, sessionId: 's', inactivity: true })).toBe('Signed out after inactivity');
    expect(summaryOf('DispatchesClaimed', { sessionId: 's', partition: 0, workerId: 'w', claimedAt: 'x', deliveryIds: ['d'] })).toBe(
      'A worker took message deliveries to send',
    );
    expect(summaryOf('DispatchesSent', { sessionId: 's', partition: 0, workerId: 'w', at: 'x', outcomes: [] })).toBe('Channel providers answered message deliveries');
  });

  it('tells incident events by the incident\'s title', () => {
    const incident = { incident_title: 'Flooded depot', name: 'Flood report', state: 'active' };
    expect(summaryOf('IncidentStarted', { incidentId: 'i-1', groupPath: [TENANT], incident })).toBe('Started "Flooded depot" from the form Flood report');
    const changes = [{ field: 'f', field_group: 'g', from: [], to: ['x'] }];
    expect(summaryOf('IncidentUpdated', { incidentId: 'i-1', changes, incidentTitle: 'Flooded depot' })).toBe('Changed 1 value of "Flooded depot"');
    expect(summaryOf('IncidentUpdated', { incidentId: 'i-1', changes: [...changes, ...changes], incidentTitle: 'Flooded depot' })).toBe('Changed 2 values of "Flooded depot"');
    expect(summaryOf('IncidentStateChanged', { incidentId: 'i-1', from: 'active', to: 'resolved', incidentTitle: 'Flooded depot' })).toBe(
      'Changed the state of "Flooded depot" from active to resolved',
    );
    expect(summaryOf('IncidentTitleChanged', { incidentId: 'i-1', from: 'Flood', to: 'Flooded depot', incidentTitle: 'Flooded depot' })).toBe('Renamed "Flood" to "Flooded depot"');
    expect(summaryOf('IncidentMoved', { incidentId: 'i-1', from: 'b', to: 'a', incidentTitle: 'Flooded depot' })).toBe('Moved "Flooded depot" in the list');
    const upload = project(recorded('IncidentAttachmentUploaded', { key: 'k', name: 'photo.jpg', size: 2048, contentType: 'image/jpeg' })).document;
    expect(upload).toMatchObject({ category: 'incident', summary: 'Attached the file photo.jpg', details: { name: 'photo.jpg', size: 2048 } });
    const removal = project(recorded('IncidentAttachmentRemoved', { key: 'k', tenantId: TENANT, name: 'photo.jpg', size: 2048, templateId: 't' })).document;
    expect(removal).toMatchObject({
      category: 'incident',
      summary: 'Removed the file photo.jpg, uploaded on a public incident template page and not attached to an incident within a day',
      details: { name: 'photo.jpg', size: 2048 },
    });
  });

  it('tells file uploads by what they are for', () => {
    const upload = (purpose: string) => ({ key: 'k', tenantId: TENANT, name: 'greeting.mp3', size: 512, contentType: 'audio/mpeg', purpose, recordingKind: null });
    expect(project(recorded('FileUploaded', upload('recording'))).document).toMatchObject({
      category: 'message',
      summary: 'Uploaded a recording: greeting.mp3',
      details: { name: 'greeting.mp3', size: 512, purpose: 'recording' },
    });
    expect(summaryOf('FileUploaded', upload('email_attachment'))).toBe('Uploaded an email attachment: greeting.mp3');
  });

  it('keeps a named subset of the data as details, and names the user an event is about', () => {
    const { document } = project(
      recorded('UserRegistered', {
        userId: 'u-1',
        email: 'ops@demo.test',
        firstName: 'Olu',
        lastName: 'Demo',
        customerGroupId: NORTH,
        rootId: TENANT,
        customerPermission: 'OPERATOR',
        isTemporary: true,
        preferredTimezone: 'Europe/London',
      }),
    );
    expect(document.category).toBe('user');
    expect(document.target_user).toBe('u-1');
    expect(document.details).toEqual({
      email: 'ops@demo.test',
      first_name: 'Olu',
      last_name: 'Demo',
      customer_permission: 'OPERATOR',
      customer_group_id: NORTH,
      is_temporary: true,
    });
  });

  it('describes an unknown event type in words, keeping only its ids and never secret-looking fields', () => {
    const { document } = project(
      recorded('UserAvatarUploaded', { userId: 'u-1', resetTokenId: 'tok', emailId: 'mail-1', token: 'secret', note: 'free text' }),
    );
    expect(document.summary).toBe('User avatar uploaded');
    expect(document.category).toBe('user');
    expect(document.details).toEqual({ user_id: 'u-1', email_id: 'mail-1' });
    expect(document.target_user).toBe('u-1');
    expect(project(recorded('IncidentStarted', { incidentId: 'i-1' })).document).toMatchObject({ category: 'incident', summary: 'Incident started' });
    expect(project(recorded('SomethingElse', null)).document).toMatchObject({ category: 'other', summary: 'Something else', details: {} });
    expect(project(recorded('UserLoggedInViaSso', { userId: 'u-1' })).document.category).toBe('sign_in');
  });

  it('falls back to the generic words when a known type arrives in a shape it does not know', () => {
    const { document } = project(recorded('CustomerGroupCreated', { customerGroupId: NORTH, title: 'renamed field' }));
    expect(document.summary).toBe('Customer group created');
    expect(document.details).toEqual({ customer_group_id: NORTH });
    expect(summaryOf('toString', {})).toBe('To string');
  });

  it('turns type names into sentences', () => {
    expect(humanizeEventType('IncidentModuleSettingsChanged')).toBe('Incident module settings changed');
    expect(humanizeEventType('SMSSent')).toBe('SMS sent');
    expect(humanizeEventType('user_signed_in')).toBe('User signed in');
    expect(humanizeEventType('')).toBe('Unknown event');
  });
});
