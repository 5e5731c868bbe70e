import type { ActivityLogCategory, ActivityLogDetailValue } from '@beacon/contracts';
import type { RecordedEvent } from '@beacon/event-store';

/** How the activity log tells one event: in words, with a safe subset of its data. */
export interface ActivityDescription {
  readonly category: ActivityLogCategory;
  readonly summary: string;
  readonly details: Record<string, ActivityLogDetailValue>;
  /** The user the event is about, when it is about one. */
  readonly targetUserId: string | null;
}

/**
 * An event's data, read field by field. A missing field or one of another type throws, so an event
 * whose shape changed falls back to the generic description instead of saying "undefined".
 */
class EventFields {
  constructor(private readonly data: Record<string, unknown>) {}

  string(name: string): string {
    const value = this.data[name];
    if (typeof value !== 'string') throw new TypeError(`${name} is not a string`);
    return value;
  }

  stringOrNull(name: string): string | null {
    const value = this.data[name];
    if (value === null || typeof value === 'string') return value;
    throw new TypeError(`${name} is not a string or null`);
  }

  stringOrAbsent(name: string): string | undefined {
    const value = this.data[name];
    if (value === undefined || typeof value === 'string') return value;
    throw new TypeError(`${name} is not a string`);
  }

  booleanOrAbsent(name: string): boolean | undefined {
    const value = this.data[name];
    if (value === undefined || typeof value === 'boolean') return value;
    throw new TypeError(`${name} is not a boolean`);
  }

  count(name: string): number {
    const value = this.data[name];
    if (typeof value !== 'number' || !Number.isInteger(value)) throw new TypeError(`${name} is not a whole number`);
    return value;
  }

  flag(name: string): boolean {
    return this.data[name] === true;
  }

  /** The fields of an object-valued field (IncidentStarted's `incident`). */
  inner(name: string): EventFields {
    const value = this.data[name];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`${name} is not an object`);
    return new EventFields(value as Record<string, unknown>);
  }

  length(name: string): number {
    const value = this.data[name];
    if (!Array.isArray(value)) throw new TypeError(`${name} is not a list`);
    return value.length;
  }
}

type Describe = (fields: EventFields, event: RecordedEvent) => ActivityDescription;

const describedAs = (
  category: ActivityLogCategory,
  summary: string,
  details: Record<string, ActivityLogDetailValue> = {},
  targetUserId: string | null = null,
): ActivityDescription => ({ category, summary, details, targetUserId });

const isActor = (userId: string, event: RecordedEvent) => event.metadata.actorUserId === userId;

/** What a message file upload was, by its purpose; a Map, so a purpose such as "constructor" names nothing. */
const UPLOAD_PURPOSE_NAMES = new Map([
  ['email_attachment', 'an email attachment'],
  ['sms_attachment', 'an SMS attachment'],
  ['provider_attachment', 'a provider attachment'],
  ['recording', 'a recording'],
]);

/** Known event types, each in its own words. Details name fields one by one, never whole payloads. */
const KNOWN = new Map<string, Describe>([
  [
    'CustomerGroupCreated',
    (f) =>
      describedAs('customer_group', `Created customer group ${f.string('name')}`, {
        customer_group_id: f.string('customerGroupId'),
        name: f.string('name'),
        parent_id: f.stringOrNull('parentId'),
      }),
  ],
  [
    'IncidentModuleSettingsChanged',
    (f) =>
      describedAs('customer_group', `Changed the Incident module name to ${f.string('moduleName')} / ${f.string('moduleNamePlural')}`, {
        customer_group_id: f.string('customerGroupId'),
        module_name: f.string('moduleName'),
        module_name_plural: f.string('moduleNamePlural'),
      }),
  ],
  [
    'CustomerGroupDetailsChanged',
    (f) => {
      const name = f.stringOrAbsent('name');
      const autologout = f.booleanOrAbsent('shouldUseAutologout');
      const brand = f.stringOrAbsent('brandLoginUrl');
      const parts = [
        name === undefined ? null : `name ${name}`,
        autologout === undefined ? null : `auto-logout ${autologout ? 'on' : 'off'}`,
        brand === undefined ? null : `brand login URL ${brand ? `/${brand}` : 'none'}`,
      ].filter((part): part is string => part !== null);
      return describedAs('customer_group', `Changed customer group details: ${parts.join(', ')}`, {
        customer_group_id: f.string('customerGroupId'),
        ...(name === undefined ? {} : { name }),
        ...(autologout === undefined ? {} : { should_use_autologout: autologout }),
        ...(brand === undefined ? {} : { brand_login_url: brand }),
      });
    },
  ],
  [
    'CustomerGroupBrandLoginClaimed',
    (f) => describedAs('customer_group', `Reserved the brand login URL /${f.string('brand')}`, { brand_login_url: f.string('brand'), customer_group_id: f.string('customerGroupId') }),
  ],
  [
    'CustomerGroupBrandLoginReleased',
    (f) => describedAs('customer_group', `Released the brand login URL /${f.string('brand')}`, { brand_login_url: f.string('brand'), customer_group_id: f.string('customerGroupId') }),
  ],
  [
    'UserRegistered',
    (f) =>
      describedAs(
        'user',
        `Created user ${f.string('email')} (${f.string('customerPermission')})`,
        {
          email: f.string('email'),
          first_name: f.string('firstName'),
          last_name: f.string('lastName'),
          customer_permission: f.string('customerPermission'),
          customer_group_id: f.string('customerGroupId'),
          is_temporary: f.flag('isTemporary'),
        },
        f.string('userId'),
      ),
  ],
  ['UserEmailClaimed', (f) => describedAs('user', `Reserved the email address ${f.string('email')}`, { email: f.string('email') }, f.string('userId'))],
  [
    'UserPasswordSet',
    (f, event) => describedAs('user', isActor(f.string('userId'), event) ? 'Set their password' : "Set a user's password", {}, f.string('userId')),
  ],
  ['UserSignedIn', (f) => describedAs('sign_in', 'Signed in', {}, f.string('userId'))],
  [
    'UserSignInFailed',
    (f) =>
      describedAs(
        'sign_in',
        f.stringOrAbsent('stage') === 'second_factor' ? 'Failed sign-in attempt (wrong two-factor code)' : 'Failed sign-in attempt',
        {},
        f.string('userId'),
      ),
  ],
  [
    'UserSecondFactorRequested',
    (f) => describedAs('sign_in', 'Entered the right password; a two-factor code was requested', {}, f.string('userId')),
  ],
  [
    'UserLockedOut',
    (f) =>
      describedAs('sign_in', `Locked out after ${f.count('failedAttempts')} failed sign-in attempts`, { failed_attempts: f.count('failedAttempts') }, f.string('userId')),
  ],
  ['UserFailedLoginAttemptsCleared', (f) => describedAs('sign_in', 'Cleared failed sign-in attempts', {}, f.string('userId'))],
  ['UserPasswordResetRequested', (f) => describedAs('user', 'Requested a password reset link', {}, f.string('userId'))],
  ['UserPasswordReset', (f) => describedAs('user', 'Set a new password through a reset link', {}, f.string('userId'))],
  ['UserPasswordResetAttemptsCleared', (f) => describedAs('user', 'Cleared password reset attempts', {}, f.string('userId'))],
  [
    'UserPasswordChanged',
    (f, event) => describedAs('user', isActor(f.string('userId'), event) ? 'Changed their password' : "Changed a user's password", {}, f.string('userId')),
  ],
  ['UserTwoFactorSetupStarted', (f) => describedAs('user', 'Started setting up two-factor sign-in', {}, f.string('userId'))],
  ['UserTwoFactorEnabled', (f) => describedAs('user', 'Turned on two-factor sign-in', {}, f.string('userId'))],
  ['UserTwoFactorDisabled', (f) => describedAs('user', 'Turned off two-factor sign-in', {}, f.string('userId'))],
  ['UserImpersonationGranted', (f) => describedAs('user', 'Created a one-time impersonation link', { expires_at: f.string('expiresAt') }, f.string('userId'))],
  [
    'UserImpersonated',
    (f) => describedAs('sign_in', 'Signed in through an impersonation link', { admin_user_id: f.string('adminUserId') }, f.string('userId')),
  ],
  [
    'UserCustomerPermissionChanged',
    (f) =>
      describedAs(
        'user',
        `Changed a user's permission from ${f.string('previousCustomerPermission')} to ${f.string('customerPermission')}`,
        { customer_permission: f.string('customerPermission'), previous_customer_permission: f.string('previousCustomerPermission') },
        f.string('userId'),
      ),
  ],
  [
    'UserSignedOut',
    (f) =>
      describedAs('sign_in', f.flag('inactivity') ? 'Signed out after inactivity' : 'Signed out', { inactivity: f.flag('inactivity') }, f.string('userId')),
  ],
  // Incident messages name the incident by its title, not the module, whose configured name may change later:
  // the start records the incident, later events its title after them (`incidentTitle`).
  [
    'IncidentStarted',
    (f) => {
      const incident = f.inner('incident');
      return describedAs('incident', `Started "${incident.string('incident_title')}" from the form ${incident.string('name')}`, {
        incident_id: f.string('incidentId'),
        title: incident.string('incident_title'),
        state: incident.string('state'),
      });
    },
  ],
  [
    'IncidentUpdated',
    (f) => {
      const changed = f.length('changes');
      const title = f.string('incidentTitle');
      return describedAs('incident', `Changed ${changed} ${changed === 1 ? 'value' : 'values'} of "${title}"`, {
        incident_id: f.string('incidentId'),
        title,
        values_changed: changed,
      });
    },
  ],
  [
    'IncidentStateChanged',
    (f) =>
      describedAs('incident', `Changed the state of "${f.string('incidentTitle')}" from ${f.string('from')} to ${f.string('to')}`, {
        incident_id: f.string('incidentId'),
        from: f.string('from'),
        to: f.string('to'),
      }),
  ],
  [
    'IncidentTitleChanged',
    (f) => describedAs('incident', `Renamed "${f.string('from')}" to "${f.string('to')}"`, { incident_id: f.string('incidentId'), from: f.string('from'), to: f.string('to') }),
  ],
  [
    'IncidentMoved',
    (f) => describedAs('incident', `Moved "${f.string('incidentTitle')}" in the list`, { incident_id: f.string('incidentId') }),
  ],
  ['IncidentAttachmentUploaded', (f) => describedAs('incident', `Attached the file ${f.string('name')}`, { name: f.string('name'), size: f.count('size') })],
  [
    'IncidentAttachmentRemoved',
    (f) =>
      describedAs('incident', `Removed the file ${f.string('name')}, uploaded on a public incident template page and not attached to an incident within a day`, {
        name: f.string('name'),
        size: f.count('size'),
      }),
  ],
  [
    'FileUploaded',
    (f) => {
      const purpose = f.string('purpose');
      const what = UPLOAD_PURPOSE_NAMES.get(purpose) ?? 'a file';
      return describedAs('message', `Uploaded ${what}: ${f.string('name')}`, { name: f.string('name'), size: f.count('size'), purpose });
    },
  ],
  [
    'DispatchClaimed',
    (f) =>
      describedAs('dispatch', 'A worker took a message dispatch job', {
        job_id: f.string('jobId'),
        session_id: f.string('sessionId'),
        worker_id: f.string('workerId'),
      }),
  ],
  [
    'DispatchSubmitted',
    (f) =>
      describedAs('dispatch', 'Submitted a message to the channel provider', {
        job_id: f.string('jobId'),
        session_id: f.string('sessionId'),
        provider_message_id: f.string('providerMessageId'),
      }),
  ],
]);

/** Categories of types not described above, by the aggregate their name starts with. */
const CATEGORY_BY_PREFIX: readonly (readonly [RegExp, ActivityLogCategory])[] = [
  [/^User(Signed|SignIn|Login|Logout|LoggedIn|LoggedOut|Locked|Unlocked|TwoFactor)/, 'sign_in'],
  [/^User/, 'user'],
  [/^(CustomerGroup|IncidentModule)/, 'customer_group'],
  [/^Incident/, 'incident'],
  [/^(Scenario|Session|Message|Template|Recipient)/, 'message'],
  [/^Dispatch/, 'dispatch'],
];

/** Field names that may hold a secret or a stand-in for one: never copied, whatever their suffix. */
const SECRET_NAME = /token|secret|password|hash|key|otp|code/i;

const snakeCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** "UserAvatarChanged" → "User avatar changed"; acronyms stay as they are ("SMSSent" → "SMS sent"). */
export function humanizeEventType(type: string): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()));
  if (!words.length) return 'Unknown event';
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** A type without words of its own: its name in words, and only its ids (string `...Id` fields) as details. */
function describeGenerically(event: RecordedEvent, data: Record<string, unknown>): ActivityDescription {
  const details: Record<string, ActivityLogDetailValue> = {};
  for (const [name, value] of Object.entries(data)) {
    if (name.endsWith('Id') && !SECRET_NAME.test(name) && typeof value === 'string') details[snakeCase(name)] = value;
  }
  const category = CATEGORY_BY_PREFIX.find(([pattern]) => pattern.test(event.type))?.[1] ?? 'other';
  const userId = data.userId;
  return describedAs(category, humanizeEventType(event.type), details, typeof userId === 'string' ? userId : null);
}

export function describeEvent(event: RecordedEvent): ActivityDescription {
  const data = typeof event.data === 'object' && event.data !== null ? (event.data as Record<string, unknown>) : {};
  const describe = KNOWN.get(event.type);
  if (describe) {
    try {
      return describe(new EventFields(data), event);
    } catch {
      // A shape this code does not know (a newer schema version): the generic words are still true.
    }
  }
  return describeGenerically(event, data);
}
