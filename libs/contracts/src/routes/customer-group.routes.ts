import type { RouteDefinition } from './route-table';

/** Customer groups and their settings. */
export const CUSTOMER_GROUP_ROUTES = {
  customerGroupSelf: { method: 'GET', path: '/api/customer_group/self/', app: 'query-api', guard: 'signedIn' },
  createCustomerGroup: { method: 'POST', path: '/api/customer_group/', app: 'command-api', guard: 'adminOnly' },
  customerGroup: { method: 'GET', path: '/api/customer_group/:id/', app: 'query-api', guard: 'signedIn' },
  changeCustomerGroup: { method: 'PUT', path: '/api/customer_group/:id/', app: 'command-api', guard: 'adminOnly' },
  deleteCustomerGroup: { method: 'DELETE', path: '/api/customer_group/:id/', app: 'command-api', guard: 'adminOnly' },
  /** A guest's branded login page (/{brand}) reads the group's name and branding here. */
  brandLogin: { method: 'GET', path: '/api/customer_group/brand/:brand/', app: 'query-api', public: true },
  incidentModuleSettings: { method: 'GET', path: '/api/customer_group_im_settings/:id/', app: 'query-api', guard: 'signedIn' },
  changeIncidentModuleSettings: {
    method: 'PUT',
    path: '/api/customer_group_im_settings/:id/',
    app: 'command-api',
    guard: 'adminOperator',
  },
  changeCustomerGroupSettings: { method: 'PUT', path: '/api/customer_group_settings/:id/', app: 'command-api', guard: 'adminOnly' },
  changeConferenceSettings: { method: 'PUT', path: '/api/customer_group_conference_settings/:id/', app: 'command-api', guard: 'adminOnly' },
  mapCoordinates: { method: 'GET', path: '/api/customer_group/:id/map_coordinates/', app: 'query-api', guard: 'signedIn' },
  customLoginUrl: { method: 'GET', path: '/api/customer_group/:id/custom_login_url/', app: 'query-api', guard: 'signedIn' },
  auditSettings: { method: 'GET', path: '/api/customer_group_audit_settings/:id/', app: 'query-api', guard: 'adminOnly' },
  changeAuditSettings: { method: 'POST', path: '/api/customer_group_audit_settings/:id/', app: 'command-api', guard: 'adminOnly' },
  auditRecipients: { method: 'GET', path: '/api/get_audit_recipients/:id/', app: 'query-api', guard: 'adminOnly' },
  mergeFields: { method: 'GET', path: '/api/merge_fields/:id/', app: 'query-api', guard: 'mergeFields' },
  changeMergeFields: { method: 'POST', path: '/api/merge_fields/:id/', app: 'command-api', guard: 'mergeFields' },
  /** The organisation's daily quotas per channel and today's use of them (its senders see them before sending). */
  quotaUsage: { method: 'GET', path: '/api/customer_group_quota_usage/', app: 'query-api', guard: 'adminOperatorSender' },
} as const satisfies Record<string, RouteDefinition>;
