import type { CustomerPermission } from '@beacon/domain';

/** The five roles (customer permissions) in the console's words. */
export const ROLE_NAMES: Readonly<Record<CustomerPermission, string>> = {
  ADMIN: 'Admin',
  OPERATOR: 'Operator',
  SENDER: 'Sender',
  CONTACT: 'Contact',
  DATA: 'Data',
};
