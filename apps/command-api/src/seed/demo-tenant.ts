import { DEFAULT_TIMEZONE, ROOT_PERMISSIONS, type CustomerPermission } from '@beacon/domain';
import { deterministicId } from '@beacon/platform';
import { provisionedAdminId, provisionedOrganisationId } from '../organisations/provisioned-ids';

/** Demo-only credentials, documented in the README. Seeding is switched off with SEED_DEMO=false. */
export const DEMO_PASSWORD = 'Demo-password-1';

/** The demo organisation is provisioned as the platform's operators provision any (ProvisionOrganisationCommand), under this command id. */
export const DEMO_PROVISIONING_ID = 'demo/organisation';

export const DEMO_ROOT_ID = provisionedOrganisationId(DEMO_PROVISIONING_ID);

export const DEMO_GROUPS = [
  { customerGroupId: DEMO_ROOT_ID, name: 'Demo Organisation', parentId: null },
  { customerGroupId: deterministicId('demo/customer-group/north'), name: 'North Region', parentId: DEMO_ROOT_ID },
  { customerGroupId: deterministicId('demo/customer-group/south'), name: 'South Region', parentId: DEMO_ROOT_ID },
  { customerGroupId: deterministicId('demo/customer-group/west'), name: 'West Region', parentId: DEMO_ROOT_ID },
] as const;

/** Settings every demo group starts with, so the dataset screens show a configured organisation. */
export const DEMO_SETTINGS = {
  send_verification_email: false,
  noticeboard_numbers: [],
  default_sms_sender_name: 'DemoOrg',
  two_way_sms: true,
  sms_quick_reports: true,
  test_message_header: true,
  opening_text: 'Demo Organisation:',
  closing_text: 'Reply STOP to opt out.',
  dial_back_message: 'You have a message from Demo Organisation. Press 1 to hear it again.',
  default_message_timeout: { value: 3600, text: '1 hour' },
  preferred_timezone: 'Europe/London',
  apply_preferred_timezone: true,
  address_format_list: ['first_name', 'last_name'],
  conference: { default_message_amd: 'Please call the duty desk on 020 7946 0000.', default_message_live: 'Press 1 to join the incident call.' },
};

/** The demo organisation's contact fields, defined in the root group: devices first, then data fields with their options. */
export const DEMO_FIELDS = [
  { label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', options: null },
  { label: 'Work email', field_type: 'EMAIL', options: null },
  { label: 'Landline', field_type: 'PHONE(VOICE)', options: null },
  { label: 'Department', field_type: 'SINGLESELECT', options: ['Operations', 'Facilities', 'Security', 'Communications'] },
  { label: 'Site', field_type: 'SINGLESELECT', options: ['Head Office', 'North Depot', 'South Depot', 'West Depot'] },
  { label: 'Skills', field_type: 'MULTISELECT', options: ['First aid', 'Fire warden', 'Forklift', 'Driver'] },
  { label: 'Shift', field_type: 'SINGLESELECT', options: ['Day', 'Evening', 'Night'] },
] as const;

/** Every feature but "Show Incident Manager dashboard only", which would hide the rest of the product. */
export const DEMO_ROOT_PERMISSIONS = ROOT_PERMISSIONS.filter((p) => p !== 'Show Incident Manager dashboard only');

const user = (role: CustomerPermission, firstName: string) => ({
  userId: deterministicId(`demo/user/${role}`),
  email: `${role.toLowerCase()}@demo.test`,
  firstName,
  lastName: 'Demo',
  customerGroupId: DEMO_ROOT_ID,
  rootId: DEMO_ROOT_ID,
  customerPermission: role,
  isTemporary: false,
  preferredTimezone: DEFAULT_TIMEZONE,
});

export const DEMO_USERS = [
  // The first admin, made by the provisioning.
  { ...user('ADMIN', 'Ada'), userId: provisionedAdminId(DEMO_ROOT_ID, DEMO_PROVISIONING_ID) },
  user('OPERATOR', 'Olu'),
  user('SENDER', 'Sam'),
  user('CONTACT', 'Cleo'),
  user('DATA', 'Dara'),
  // A second operator, so two people can work on the same incident side by side.
  { ...user('OPERATOR', 'Otto'), userId: deterministicId('demo/user/OPERATOR/2'), email: 'operator2@demo.test' },
];
