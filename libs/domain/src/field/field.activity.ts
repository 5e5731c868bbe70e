import { describedAs, type AggregateActivity } from '../shared/activity';
import type { FIELD_EVENT_VERSIONS } from './field.events';

/** How the activity log tells contact field events (dataset administration, so the customer group category). */
export const contactFieldActivity: AggregateActivity<keyof typeof FIELD_EVENT_VERSIONS> = {
  ContactFieldCreated: (f) =>
    describedAs('customer_group', `Created field ${f.string('label')} (${f.string('fieldType')})`, {
      field_id: f.string('fieldId'),
      customer_group_id: f.string('customerGroupId'),
      label: f.string('label'),
      field_type: f.string('fieldType'),
      options: f.length('options'),
    }),
  ContactFieldRenamed: (f) =>
    describedAs('customer_group', `Renamed field ${f.string('previousLabel')} to ${f.string('label')}`, {
      field_id: f.string('fieldId'),
      customer_group_id: f.string('customerGroupId'),
      label: f.string('label'),
      previous_label: f.string('previousLabel'),
    }),
  ContactFieldDeleted: (f) =>
    describedAs('customer_group', `Deleted field ${f.string('label')}`, {
      field_id: f.string('fieldId'),
      customer_group_id: f.string('customerGroupId'),
      label: f.string('label'),
    }),
  ContactFieldOptionAdded: (f) => {
    const option = f.inner('option');
    return describedAs('customer_group', `Added option ${option.string('label')} to field ${f.string('fieldLabel')}`, {
      field_id: f.string('fieldId'),
      customer_group_id: f.string('customerGroupId'),
      option_id: option.string('optionId'),
      label: option.string('label'),
    });
  },
  ContactFieldOptionRenamed: (f) =>
    describedAs('customer_group', `Renamed option ${f.string('previousLabel')} of field ${f.string('fieldLabel')} to ${f.string('label')}`, {
      field_id: f.string('fieldId'),
      customer_group_id: f.string('customerGroupId'),
      option_id: f.string('optionId'),
      label: f.string('label'),
      previous_label: f.string('previousLabel'),
    }),
  ContactFieldOptionDeleted: (f) =>
    describedAs('customer_group', `Deleted option ${f.string('label')} of field ${f.string('fieldLabel')}`, {
      field_id: f.string('fieldId'),
      customer_group_id: f.string('customerGroupId'),
      option_id: f.string('optionId'),
      label: f.string('label'),
    }),
  ContactFieldExcludedOptionsChanged: (f) => {
    const groups = f.length('excludedOptionsByGroup');
    const summary = groups
      ? `Changed the options of field ${f.string('fieldLabel')} excluded for ${groups} customer ${groups === 1 ? 'group' : 'groups'}`
      : `Excluded no options of field ${f.string('fieldLabel')} for any customer group`;
    return describedAs('customer_group', summary, {
      field_id: f.string('fieldId'),
      customer_group_id: f.string('customerGroupId'),
      groups,
    });
  },
};
