import type { ActivityLogCategory, ModuleNames } from '@beacon/contracts';

/** The category filter's choices in the product's words; incidents go by the group's module name. */
export function categoryLabel(category: ActivityLogCategory, moduleNames: ModuleNames): string {
  switch (category) {
    case 'customer_group':
      return 'Customer groups';
    case 'user':
      return 'Users';
    case 'sign_in':
      return 'Sign-in';
    case 'incident':
      return moduleNames.plural;
    case 'message':
      return 'Messages';
    case 'dispatch':
      return 'Dispatches';
    case 'other':
      return 'Other';
  }
}
