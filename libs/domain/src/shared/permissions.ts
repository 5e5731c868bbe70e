export const CUSTOMER_PERMISSIONS = ['ADMIN', 'OPERATOR', 'SENDER', 'CONTACT', 'DATA'] as const;
export type CustomerPermission = (typeof CUSTOMER_PERMISSIONS)[number];

export function isCustomerPermission(value: unknown): value is CustomerPermission {
  return typeof value === 'string' && (CUSTOMER_PERMISSIONS as readonly string[]).includes(value);
}

/** Root-group feature permissions, spelt exactly as the spec spells them. */
export const ROOT_PERMISSIONS = [
  'Media library',
  'Voice',
  'Conference bridge',
  'Phone invoke',
  'SMS',
  'On Call core platform access',
  'SMS links for 2 way messages',
  'Audio noticeboard',
  'SMS quick reports',
  'Minimum staffing requirements',
  'Merge fields',
  'SFTP imports',
  'Allow Senders to edit content',
  'Show Incident Manager dashboard only',
  'Show {product} + Incident Manager dashboard',
  'Use Microsoft Teams',
  'Use Slack',
  'Custom dashboard branding',
  'Allow Operators to view address string (detailed reports)',
  'Allow Operators to view all info (detailed reports)',
  'Allow Subset',
] as const;
export type RootPermission = (typeof ROOT_PERMISSIONS)[number];

export const DEFAULT_TIMEZONE = 'Europe/London';
