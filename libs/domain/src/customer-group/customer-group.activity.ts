import { QUOTA_CHANNEL_NAMES, QUOTA_CHANNELS } from '../organisation/daily-quotas';
import { describedAs, type AggregateActivity } from '../shared/activity';
import type { CUSTOMER_GROUP_EVENT_VERSIONS } from './customer-group.events';

/** How the activity log tells customer group events. */
export const customerGroupActivity: AggregateActivity<keyof typeof CUSTOMER_GROUP_EVENT_VERSIONS> = {
  CustomerGroupCreated: (f) =>
    describedAs('customer_group', `Created customer group ${f.string('name')}`, {
      customer_group_id: f.string('customerGroupId'),
      name: f.string('name'),
      parent_id: f.stringOrNull('parentId'),
    }),
  IncidentModuleSettingsChanged: (f) =>
    describedAs('customer_group', `Changed the Incident module name to ${f.string('moduleName')} / ${f.string('moduleNamePlural')}`, {
      customer_group_id: f.string('customerGroupId'),
      module_name: f.string('moduleName'),
      module_name_plural: f.string('moduleNamePlural'),
    }),
  CustomerGroupDetailsChanged: (f) => {
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
  CustomerGroupBrandLoginClaimed: (f) =>
    describedAs('customer_group', `Reserved the brand login URL /${f.string('brand')}`, { brand_login_url: f.string('brand'), customer_group_id: f.string('customerGroupId') }),
  CustomerGroupBrandLoginReleased: (f) =>
    describedAs('customer_group', `Released the brand login URL /${f.string('brand')}`, { brand_login_url: f.string('brand'), customer_group_id: f.string('customerGroupId') }),
  CustomerGroupParentChanged: (f) =>
    describedAs('customer_group', `Moved customer group ${f.string('name')} under ${f.string('parentName')}`, {
      customer_group_id: f.string('customerGroupId'),
      name: f.string('name'),
      parent_id: f.string('parentId'),
      previous_parent_id: f.string('previousParentId'),
    }),
  CustomerGroupSettingsChanged: (f) => {
    const settings = f.keys('settings');
    return describedAs('customer_group', `Changed customer group settings: ${settings.join(', ')}`, {
      customer_group_id: f.string('customerGroupId'),
      settings: settings.join(', '),
    });
  },
  CustomerGroupConferenceSettingsChanged: (f) =>
    describedAs('customer_group', 'Changed the conference settings', {
      customer_group_id: f.string('customerGroupId'),
      default_message_amd: f.inner('conference').string('default_message_amd'),
      default_message_live: f.inner('conference').string('default_message_live'),
    }),
  CustomerGroupAuditSettingsChanged: (f) => {
    const active = f.inner('audit').booleanOrAbsent('is_audit_active') === true;
    return describedAs('customer_group', active ? 'Changed the audit settings' : 'Turned auditing off', {
      customer_group_id: f.string('customerGroupId'),
      is_audit_active: active,
    });
  },
  AudioNoticeboardMessageChanged: (f) =>
    describedAs('customer_group', `Changed the audio noticeboard message of ${f.string('phoneNumber')}`, {
      customer_group_id: f.string('customerGroupId'),
      phone_number: f.string('phoneNumber'),
      message: f.string('message'),
    }),
  MergeFieldsChanged: (f) =>
    describedAs('customer_group', `Changed the merge fields (${f.length('enabledFieldIds')} on)`, {
      customer_group_id: f.string('customerGroupId'),
      merge_fields_enabled: f.length('enabledFieldIds'),
    }),
  OrganisationSuspended: (f) => describedAs('customer_group', 'Suspended the organisation', { customer_group_id: f.string('customerGroupId'), reason: f.string('reason') }),
  OrganisationResumed: (f) => describedAs('customer_group', 'Resumed the organisation', { customer_group_id: f.string('customerGroupId') }),
  OrganisationQuotasChanged: (f) => {
    const quotas = f.inner('quotas');
    const text = QUOTA_CHANNELS.filter((channel) => f.keys('quotas').includes(channel))
      .map((channel) => `${QUOTA_CHANNEL_NAMES[channel]} ${quotas.count(channel).toLocaleString('en-GB')} a day`)
      .join(', ');
    return describedAs('customer_group', `Set the organisation's daily quotas: ${text || 'no limits'}`, { customer_group_id: f.string('customerGroupId'), quotas: text || 'none' });
  },
  RootPermissionsChanged: (f) => {
    const [added, removed] = [f.strings('added'), f.strings('removed')];
    const parts = [added.length ? `turned on ${added.join(', ')}` : null, removed.length ? `turned off ${removed.join(', ')}` : null].filter((part) => part !== null);
    return describedAs('customer_group', `Changed the organisation's feature permissions: ${parts.join('; ')}`, {
      customer_group_id: f.string('customerGroupId'),
      added: added.join(', '),
      removed: removed.join(', '),
    });
  },
  CustomerGroupDeleted: (f) =>
    describedAs('customer_group', `Deleted customer group ${f.string('name')}`, {
      customer_group_id: f.string('customerGroupId'),
      name: f.string('name'),
    }),
};
