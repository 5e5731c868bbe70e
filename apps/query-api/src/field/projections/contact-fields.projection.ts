import { READ_MODEL_PROJECTIONS } from '@beacon/contracts';
import type { ContactFieldEvent, ContactFieldOption } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { DocumentChange } from '@beacon/read-store';
import type { ProjectionDefinition } from '@beacon/projections';
import { CONTACT_FIELD_INDEXES, CONTACT_FIELDS, type ContactFieldDocument } from '../../shared/read-models/contact-fields.read-model';

const CONTACT_FIELD_EVENT_TYPES: ReadonlySet<string> = new Set([
  'ContactFieldCreated',
  'ContactFieldRenamed',
  'ContactFieldDeleted',
  'ContactFieldOptionAdded',
  'ContactFieldOptionRenamed',
  'ContactFieldOptionDeleted',
  'ContactFieldExcludedOptionsChanged',
]);

type Change = (current: ContactFieldDocument | null) => ContactFieldDocument | null;

/** A change to a field the model has (events about one it does not have change nothing). */
const existing =
  (change: (field: ContactFieldDocument) => ContactFieldDocument | null): Change =>
  (current) =>
    current ? change(current) : null;

const optionEntry = (option: ContactFieldOption) => ({ id: option.optionId, label: option.label });

function changeOf(event: ContactFieldEvent, position: number): Change {
  switch (event.type) {
    case 'ContactFieldCreated': {
      const { fieldId, label, fieldType, customerGroupId, options } = event.data;
      return (current) =>
        current ?? {
          _id: fieldId,
          id: fieldId,
          label,
          field_type: fieldType,
          customer_group: customerGroupId,
          options: options.map(optionEntry),
          excluded_options_by_group: [],
          sequence: position,
        };
    }
    case 'ContactFieldRenamed':
      return existing((field) => ({ ...field, label: event.data.label }));
    case 'ContactFieldDeleted':
      return () => null;
    case 'ContactFieldOptionAdded':
      return existing((field) => ({ ...field, options: [...field.options, optionEntry(event.data.option)] }));
    case 'ContactFieldOptionRenamed':
      return existing((field) => ({
        ...field,
        options: field.options.map((option) => (option.id === event.data.optionId ? { ...option, label: event.data.label } : option)),
      }));
    case 'ContactFieldOptionDeleted':
      return existing((field) => ({
        ...field,
        options: field.options.filter((option) => option.id !== event.data.optionId),
        excluded_options_by_group: field.excluded_options_by_group
          .map((entry) => ({ ...entry, options: entry.options.filter((id) => id !== event.data.optionId) }))
          .filter((entry) => entry.options.length > 0),
      }));
    case 'ContactFieldExcludedOptionsChanged':
      return existing((field) => ({
        ...field,
        excluded_options_by_group: event.data.excludedOptionsByGroup.map((entry) => ({ customer_group: entry.customerGroupId, options: [...entry.optionIds] })),
      }));
  }
}

/** The contact fields of every customer group, with their options and exclusions. */
export const contactFieldsProjection: ProjectionDefinition = {
  name: READ_MODEL_PROJECTIONS.contactFields,
  collections: [CONTACT_FIELDS],
  indexes: { [CONTACT_FIELDS]: CONTACT_FIELD_INDEXES },
  project(event: RecordedEvent): DocumentChange[] {
    if (!CONTACT_FIELD_EVENT_TYPES.has(event.type)) return [];
    const fieldEvent = { type: event.type, data: event.data } as ContactFieldEvent;
    const change = changeOf(fieldEvent, event.position);
    return [{ collection: CONTACT_FIELDS, tenantId: String(event.metadata.tenantId), id: fieldEvent.data.fieldId, apply: change as DocumentChange['apply'] }];
  },
};
