import type { CustomerGroupDto, CustomerGroupFieldDto, RecipientsCountAnswerDto, RecipientsCountRequest, ScenarioDto, UploadedAttachmentDto, UserListItemDto } from '@beacon/contracts';
import { formatBytes, SMS_ATTACHMENT_TYPES, uploadSizeWarnings, type ScenarioDraft } from '@beacon/domain';
import { ApiError } from '../../../api/api-error';
import type { MessageBuilderApi, SpeechRequest } from '../message-builder-api';

export const GROUP_ID = 'group-root';

const group = (id: string, name: string, parent: string | null): CustomerGroupDto => ({
  id,
  name,
  parent,
  root_parent_id: GROUP_ID,
  settings: '{}',
  brand_login_url: '',
  brand_logo: '',
  enable_custom_branding: false,
  highlight_color: '',
  highlight_incident_color: '',
  header_color: '',
  header_icons_color: '',
  should_use_autologout: false,
  no_noticeboard_numbers: true,
  root_customer_group_permissions: [],
});

const field = (id: string, label: string, field_type: CustomerGroupFieldDto['field_type'], devices: CustomerGroupFieldDto['devices'], options: string[] = []): CustomerGroupFieldDto => ({
  id,
  label,
  field_type,
  customer_group: GROUP_ID,
  options: options.map((option, index) => ({ id: `${id}-option-${index + 1}`, field: id, label: option, excluded: false })),
  excluded_options_by_group: {},
  is_inherited: false,
  all_options_disabled: false,
  devices,
});

/** A mobile number (SMS and voice), a work email and a department to choose recipients by. */
export const DEMO_FIELDS: CustomerGroupFieldDto[] = [
  field('field-mobile', 'Mobile', 'PHONE(SMS&VOICE)', [
    { dispatch_type: 'SMS', label: 'SMS', field_id: 'field-mobile', field_label: 'Mobile' },
    { dispatch_type: 'VOICE', label: 'Voice Call', field_id: 'field-mobile', field_label: 'Mobile' },
  ]),
  field('field-email', 'Work email', 'EMAIL', [{ dispatch_type: 'EMAIL', label: 'Email', field_id: 'field-email', field_label: 'Work email' }]),
  field('field-department', 'Department', 'SINGLESELECT', [], ['Estates', 'Nursing']),
];

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** What the upload calls take of one file, as the server's upload-purposes.ts says. */
const UPLOAD_MAX_BYTES = { email: 10 * 1024 * 1024, sms: 1024 * 1024 } as const;

/**
 * The builder's calls against messages kept in memory: names unique among real messages (400 under
 * `name`), a refusal queued for the next save, recipient counts answered when the test says, and
 * uploads refused as the server refuses them (413 past the limit, 400 for an SMS file that is not an
 * image), or held until the test lets them finish.
 */
export class FakeScenarioServer implements MessageBuilderApi {
  readonly kept = new Map<string, ScenarioDto>();
  readonly calls: string[] = [];
  readonly countQuestions: RecipientsCountRequest[] = [];
  private readonly pendingCounts: Pending<RecipientsCountAnswerDto>[] = [];
  private nextRefusal: ApiError | null = null;
  private nextUploadFailure: ApiError | null = null;
  private readonly heldUploads: (() => void)[] = [];
  private lastId = 0;
  private lastUpload = 0;
  /** Answer counts at once (true) or when `answerCount` says. */
  autoCount = true;
  /** Answer uploads at once (true) or when `finishUpload` says. */
  autoUpload = true;
  /** The files uploaded, by channel and name. */
  readonly uploaded: string[] = [];

  /** The next upload fails with this status (0: no answer at all). */
  failNextUpload(status: number): this {
    this.nextUploadFailure = new ApiError(status, status === 0 ? 'The server could not be reached.' : { detail: 'Storage is unavailable.' });
    return this;
  }

  /** Lets the oldest held upload answer. */
  finishUpload(): void {
    this.heldUploads.shift()?.();
  }

  refuseNextSave(body: Record<string, unknown>): this {
    this.nextRefusal = new ApiError(400, body);
    return this;
  }

  /** Answers the n-th count question asked (0 first) with this count. */
  answerCount(index: number, count: number): void {
    this.pendingCounts[index]!.resolve(countAnswer(count));
  }

  async scenario(id: string): Promise<ScenarioDto> {
    this.calls.push(`GET scenario ${id}`);
    const scenario = this.kept.get(id);
    if (!scenario) throw new ApiError(404, { detail: 'Not found.' });
    return scenario;
  }

  async createScenario(draft: ScenarioDraft): Promise<ScenarioDto> {
    this.calls.push('POST scenario');
    this.refuseIfAsked();
    this.lastId += 1;
    return this.keep(`scenario-${this.lastId}`, draft);
  }

  async changeScenario(id: string, draft: ScenarioDraft): Promise<ScenarioDto> {
    this.calls.push(`PUT scenario ${id}`);
    this.refuseIfAsked();
    return this.keep(id, draft);
  }

  async scenarios() {
    return [...this.kept.values()].map((scenario) => ({
      id: scenario.id,
      name: scenario.scenario_name,
      scenario_id: scenario.scenario_message_id,
      is_real: scenario.is_real,
      scenario_type: scenario.scenario_type,
      customer_group: scenario.customer_group,
      customer_group_name: 'Demo Organisation',
      channels: [],
      is_dashboard: scenario.is_dashboard,
      is_phone_invoke: scenario.is_phone_invoke,
      is_incident_manager: scenario.is_incident_manager,
      is_email_invoke: scenario.is_email_invoke,
      updated_at: scenario.updated_at,
    }));
  }

  async checkName({ name, scenarioId, isReal }: { name: string; scenarioId: string | null; isReal: boolean }): Promise<void> {
    this.calls.push(`GET name ${name}`);
    const taken = [...this.kept.values()].some((scenario) => scenario.is_real === isReal && scenario.id !== scenarioId && scenario.scenario_name.trim().toLowerCase() === name.trim().toLowerCase());
    if (taken) throw new ApiError(400, { name: ['A message with this name already exists.'] });
  }

  recipientsCount(request: RecipientsCountRequest): Promise<RecipientsCountAnswerDto> {
    this.countQuestions.push(request);
    if (this.autoCount) return Promise.resolve(countAnswer(3));
    return new Promise((resolve, reject) => this.pendingCounts.push({ resolve, reject }));
  }

  async contactFields(groupId: string) {
    this.calls.push(`GET fields ${groupId}`);
    return DEMO_FIELDS;
  }

  async customerGroups() {
    return [group(GROUP_ID, 'Demo Organisation', null), group('group-north', 'North Region', GROUP_ID)];
  }

  async searchUsers(): Promise<UserListItemDto[]> {
    return [];
  }

  async userLabels(ids: readonly string[]) {
    return new Map(ids.map((id) => [id, `User ${id}`]));
  }

  async holidayCountries() {
    return [{ code: 'GB', name: 'United Kingdom', subdivisions: [{ code: 'ENG', name: 'England' }, { code: 'SCT', name: 'Scotland' }] }];
  }

  async speak(request: SpeechRequest): Promise<Blob> {
    this.calls.push(`POST ttsaudio ${request.voice}`);
    return new Blob(['RIFF'], { type: 'audio/wav' });
  }

  async uploadAttachment(channel: 'sms' | 'email', file: File): Promise<UploadedAttachmentDto> {
    if (!this.autoUpload) await new Promise<void>((resolve) => this.heldUploads.push(resolve));
    const failure = this.nextUploadFailure;
    this.nextUploadFailure = null;
    if (failure) throw failure;
    if (file.size > UPLOAD_MAX_BYTES[channel]) {
      throw new ApiError(413, { detail: `The file is too large. Files of up to ${formatBytes(UPLOAD_MAX_BYTES[channel])} can be attached.` });
    }
    if (channel === 'sms' && !SMS_ATTACHMENT_TYPES.test(file.type)) {
      const refusal = 'SMS attachments must be JPEG, PNG or GIF images.';
      throw new ApiError(400, { detail: refusal, file: [refusal] });
    }
    this.uploaded.push(`${channel} ${file.name}`);
    this.lastUpload += 1;
    const key = `upload-${this.lastUpload}`;
    const warnings = uploadSizeWarnings(`${channel}_attachment`, file.size);
    return {
      url: `/api/upload/file/${key}/`,
      key,
      name: file.name,
      created_at: '2026-01-01T00:00:00Z',
      size: file.size,
      content_type: file.type || 'application/octet-stream',
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  }

  private refuseIfAsked() {
    const refusal = this.nextRefusal;
    this.nextRefusal = null;
    if (refusal) throw refusal;
  }

  private keep(id: string, draft: ScenarioDraft): ScenarioDto {
    const scenario = { ...(draft as unknown as ScenarioDto), id, customer_group: GROUP_ID, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
    this.kept.set(id, scenario);
    return scenario;
  }
}

function countAnswer(count: number): RecipientsCountAnswerDto {
  return { count, excluded: 0, devices: [], channels: { SMS: count, VOICE: count, EMAIL: count }, without_devices: 0, notes: [] };
}
