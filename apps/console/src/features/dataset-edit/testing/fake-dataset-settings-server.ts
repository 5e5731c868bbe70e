import {
  NEW_CUSTOMER_GROUP_BRANDING,
  type AuditRecipientDto,
  type CustomerGroupDto,
  type CustomerGroupFieldDto,
  type CustomerGroupSettingsDto,
  type MergeFieldChoicesDto,
} from '@beacon/contracts';
import {
  DEFAULT_AUDIT_SETTINGS,
  auditSettingsErrors,
  auditSettingsWithAllLists,
  changedSettings,
  fieldDevices,
  customerGroupSettingsErrors,
  savedAuditSettings,
  settingsWithDefaults,
  type AuditSettings,
  type ContactFieldType,
  type CustomerGroupSettingsChange,
} from '@beacon/domain';
import { jest } from '@jest/globals';
import type { ApiClient, Method } from '../../../api/api-client';
import { ApiError } from '../../../api/api-error';
import { stubApi } from '../../../testing/stub-api';

export interface RecordedCall {
  method: Method;
  path: string;
  body: unknown;
}

/** The users the demo dataset offers as audit recipients, sorted by email. */
export const DEMO_RECIPIENTS: readonly AuditRecipientDto[] = [
  { label: 'ada@demo.test', value: 'user-ada' },
  { label: 'olu@demo.test', value: 'user-olu' },
  { label: 'sam@demo.test', value: 'user-sam' },
];

/** A contact field as GET /api/customer_group/{id}/fields/ answers it for the group. */
export function aField(
  id: string,
  label: string,
  field_type: ContactFieldType,
  { options = [], excluded = [], inherited = false }: { options?: string[]; excluded?: string[]; inherited?: boolean } = {},
): CustomerGroupFieldDto {
  return {
    id,
    label,
    field_type,
    customer_group: inherited ? 'root' : 'north',
    excluded_options_by_group: {},
    is_inherited: inherited,
    options: options.map((option, index) => ({ id: `${id}-${index}`, field: id, label: option, excluded: excluded.includes(option) })),
    all_options_disabled: options.length > 0 && options.every((option) => excluded.includes(option)),
    devices: fieldDevices({ id, label, field_type }),
  };
}

interface Dataset {
  group: CustomerGroupDto;
  fields: CustomerGroupFieldDto[];
  mergedFieldIds: Set<string>;
  settings: CustomerGroupSettingsDto;
  audit: AuditSettings;
}

const GROUP = /^\/api\/customer_group\/([^/]+)\/$/;
const MERGE_FIELDS = /^\/api\/merge_fields\/([^/]+)\/$/;
const FIELDS = /^\/api\/customer_group\/([^/]+)\/fields\/$/;
const SETTINGS = /^\/api\/customer_group_settings\/([^/]+)\/$/;
const CONFERENCE = /^\/api\/customer_group_conference_settings\/([^/]+)\/$/;
const AUDIT = /^\/api\/customer_group_audit_settings\/([^/]+)\/$/;
const RECIPIENTS = /^\/api\/get_audit_recipients\/([^/]+)\/$/;

/**
 * A dataset's settings calls as the server answers them, over one in-memory dataset per id: the
 * domain's rules refuse what the server refuses (400 with the setting's messages), and every call
 * is recorded. Any other call fails the test.
 */
export class FakeDatasetSettingsServer {
  readonly calls: RecordedCall[] = [];
  private readonly datasets = new Map<string, Dataset>();
  private readonly failures: { method: Method; error: ApiError }[] = [];
  private readonly held: { method: Method; release: Promise<void> }[] = [];
  private readonly recipients: readonly AuditRecipientDto[];

  readonly send = jest.fn(async (method: Method, path: string, body?: unknown) => {
    this.calls.push({ method, path, body });
    const hold = this.held.findIndex((planned) => planned.method === method);
    if (hold >= 0) await this.held.splice(hold, 1)[0]!.release;
    const failure = this.failures.findIndex((planned) => planned.method === method);
    if (failure >= 0) throw this.failures.splice(failure, 1)[0]!.error;
    return structuredClone(this.answer(method, path, body));
  });

  readonly api: ApiClient = stubApi({ send: this.send as ApiClient['send'] });

  constructor(recipients: readonly AuditRecipientDto[] = DEMO_RECIPIENTS) {
    this.recipients = recipients;
    this.withDataset('north', 'North Region', {});
  }

  /** A dataset with these settings (the rest their defaults) and audit settings. */
  withDataset(id: string, name: string, settings: Partial<CustomerGroupSettingsDto>, audit: AuditSettings = DEFAULT_AUDIT_SETTINGS): this {
    const group: CustomerGroupDto = {
      id,
      name,
      parent: 'root',
      root_parent_id: 'root',
      settings: '{}',
      ...NEW_CUSTOMER_GROUP_BRANDING,
      should_use_autologout: false,
      no_noticeboard_numbers: true,
      root_customer_group_permissions: [],
    };
    this.datasets.set(id, { group, fields: [], mergedFieldIds: new Set(), settings: settingsWithDefaults(settings), audit: savedAuditSettings(audit) });
    return this;
  }

  /** The contact fields GET /api/customer_group/{id}/fields/ answers for the dataset. */
  withFields(id: string, fields: CustomerGroupFieldDto[], merged: readonly string[] = []): this {
    this.dataset(id).fields = fields;
    this.dataset(id).mergedFieldIds = new Set(merged);
    return this;
  }

  /** The next call with this method fails so. */
  failNext(method: Method, error: ApiError): this {
    this.failures.push({ method, error });
    return this;
  }

  /** The next call with this method waits until the returned function is called. */
  holdNext(method: Method): () => void {
    let release = () => {};
    this.held.push({ method, release: new Promise<void>((resolve) => (release = resolve)) });
    return () => release();
  }

  settingsOf(id: string): CustomerGroupSettingsDto {
    return this.dataset(id).settings;
  }

  auditOf(id: string): AuditSettings {
    return this.dataset(id).audit;
  }

  writes(): RecordedCall[] {
    return this.calls.filter((call) => call.method !== 'GET');
  }

  private dataset(id: string | undefined): Dataset {
    const dataset = id === undefined ? undefined : this.datasets.get(id);
    if (!dataset) throw new ApiError(404, { detail: 'Not found.' });
    return dataset;
  }

  private answer(method: Method, path: string, body: unknown): unknown {
    const route = (pattern: RegExp) => pattern.exec(path)?.[1];
    if (method === 'GET' && route(GROUP)) {
      const { group, settings } = this.dataset(route(GROUP));
      return { ...group, settings: JSON.stringify(settings) };
    }
    if (method === 'GET' && route(FIELDS)) return this.dataset(route(FIELDS)).fields;
    if (method === 'GET' && route(MERGE_FIELDS)) {
      const { fields, mergedFieldIds } = this.dataset(route(MERGE_FIELDS));
      return { field_data: fields.map(({ id, label, field_type }) => ({ id, label, field_type, merge_field_enabled: mergedFieldIds.has(id) })) };
    }
    if (method === 'POST' && route(MERGE_FIELDS)) return this.changeMergeFields(this.dataset(route(MERGE_FIELDS)), body as MergeFieldChoicesDto);
    if (method === 'PUT' && route(SETTINGS)) return this.changeSettings(this.dataset(route(SETTINGS)), body as CustomerGroupSettingsChange);
    if (method === 'PUT' && route(CONFERENCE)) {
      const dataset = this.dataset(route(CONFERENCE));
      const { default_message_amd, default_message_live } = body as CustomerGroupSettingsDto['conference'];
      dataset.settings = { ...dataset.settings, conference: { default_message_amd: default_message_amd.trim(), default_message_live: default_message_live.trim() } };
      return dataset.settings.conference;
    }
    if (method === 'GET' && route(AUDIT)) return auditSettingsWithAllLists(this.dataset(route(AUDIT)).audit);
    if (method === 'POST' && route(AUDIT)) return this.changeAudit(this.dataset(route(AUDIT)), body as AuditSettings);
    if (method === 'GET' && route(RECIPIENTS)) {
      this.dataset(route(RECIPIENTS));
      return this.recipients;
    }
    throw new Error(`Unexpected call ${method} ${path}`);
  }

  private changeSettings(dataset: Dataset, change: CustomerGroupSettingsChange): CustomerGroupSettingsDto {
    const next = changedSettings(dataset.settings, change);
    const errors = customerGroupSettingsErrors(next, change);
    if (Object.keys(errors).length) throw new ApiError(400, { detail: 'Invalid customer group settings.', ...errors });
    dataset.settings = next;
    return next;
  }

  private changeMergeFields(dataset: Dataset, { field_data }: MergeFieldChoicesDto): MergeFieldChoicesDto {
    const known = new Set(dataset.fields.map((field) => field.id));
    const unknown = field_data.flatMap((entry, index) => (known.has(entry.id) ? [] : [`${index}: Not a contact field of this dataset.`]));
    if (unknown.length) throw new ApiError(400, { detail: 'Invalid merge fields.', field_data: unknown });
    for (const entry of field_data) {
      if (entry.merge_field_enabled) dataset.mergedFieldIds.add(entry.id);
      else dataset.mergedFieldIds.delete(entry.id);
    }
    const named = new Set(field_data.map((entry) => entry.id));
    const merged = [...dataset.mergedFieldIds].filter((id) => !named.has(id)).map((id) => ({ id, merge_field_enabled: true }));
    return { field_data: [...field_data, ...merged] };
  }

  private changeAudit(dataset: Dataset, body: AuditSettings): AuditSettings {
    const audit = savedAuditSettings(body);
    const errors = auditSettingsErrors(audit, new Set(this.recipients.map((recipient) => recipient.value)));
    if (Object.keys(errors).length) throw new ApiError(400, { detail: 'Invalid audit settings.', ...errors });
    dataset.audit = audit;
    return auditSettingsWithAllLists(audit);
  }
}
