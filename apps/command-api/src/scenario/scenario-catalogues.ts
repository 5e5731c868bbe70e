import { Inject, Injectable } from '@nestjs/common';
import { READ_MODEL_PROJECTIONS, READ_MODELS, SCENARIOS_PROJECTION } from '@beacon/contracts';
import {
  deviceId,
  excludedOptionIdsFor,
  fieldDevices,
  fieldIdOfOption,
  foldEvents,
  scenarioDecider,
  scenarioStream,
  type ContactFieldType,
  type CustomerGroupState,
  type ScenarioCatalogue,
  type ScenarioDraft,
  type ScenarioEvent,
  type RecordedUpload,
} from '@beacon/domain';
import { CommandExecutor, READ_STORE, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { ContactFields } from '../shared/contact-fields';
import { ReadModelsCaughtUp } from '../shared/read-models-caught-up';
import { CustomerGroupAccess } from '../shared/customer-group-access';
import { RecordedUploads } from '../shared/uploads/recorded-uploads';

type ActiveGroup = CustomerGroupState & { status: 'active' };


/** The name as names are compared: trimmed, in lower case. */
export const scenarioNameKey = (name: string) => name.trim().toLowerCase();

/**
 * What the scenario decider checks a draft against, read for the things the draft names: the fields
 * of its devices and options from their streams (a field made a moment ago counts), the users and
 * groups in the caller's reach and the names and message IDs taken from the read models once they
 * have caught up with everything appended before the save.
 */
@Injectable()
export class ScenarioCatalogues {
  constructor(
    @Inject(ContactFields) private readonly contactFields: ContactFields,
    @Inject(CustomerGroupAccess) private readonly groups: CustomerGroupAccess,
    @Inject(RecordedUploads) private readonly recordedUploads: RecordedUploads,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(ReadModelsCaughtUp) private readonly caughtUp: ReadModelsCaughtUp,
  ) {}

  async of(principal: Principal, group: ActiveGroup, draft: ScenarioDraft, scenarioId: string): Promise<ScenarioCatalogue> {
    await this.caughtUp.with(
      [SCENARIOS_PROJECTION, READ_MODEL_PROJECTIONS.users, READ_MODEL_PROJECTIONS.customerGroups],
      'Messages, customer groups and users are still being brought up to date. Try again in a moment.',
    );
    const scope = this.readStore.scope(group.rootId);
    const path = [...group.ancestorIds, group.customerGroupId];
    const criteria = [...draft.recipients.include, ...(draft.recipients.is_exclude_recipients ? draft.recipients.exclude : [])];
    const valuesOf = (...types: string[]) => [...new Set(criteria.filter((c) => types.includes(c.recipient_type)).flatMap((c) => c.recipient_value))];

    const reachGroups = await scope
      .collection<{ _id: string }>(READ_MODELS.customerGroups)
      .find({ path: principal.customerGroupId }, { projection: { _id: 1 } });
    const reachIds = reachGroups.map((entry) => entry._id);
    const reach = new Set(reachIds);
    const namedUsers = [...new Set([...valuesOf('user'), ...draft.quick_report.recipients])];
    const users = namedUsers.length
      ? await scope
          .collection<{ _id: string }>(READ_MODELS.users)
          .find({ _id: { $in: namedUsers }, customer_group: { $in: reachIds } }, { projection: { _id: 1 } })
      : [];

    const optionIds = valuesOf('select', 'multiselect');
    const fieldIds = new Set([...draft.devices.map((device) => device.field_id), ...optionIds.map((id) => fieldIdOfOption(id) ?? '')].filter(Boolean));
    const deviceIds = new Set<string>();
    const options = new Map<string, ContactFieldType>();
    for (const fieldId of fieldIds) {
      const field = await this.contactFields.active(fieldId);
      if (!field || !path.includes(field.customerGroupId)) continue;
      for (const device of fieldDevices({ id: field.fieldId, label: field.label, field_type: field.fieldType })) deviceIds.add(deviceId(field.fieldId, device.dispatch_type));
      const excluded = excludedOptionIdsFor(field.excludedOptionsByGroup, path);
      for (const option of field.options) if (!excluded.has(option.optionId)) options.set(option.optionId, field.fieldType);
    }

    const scenarios = scope.collection<{ _id: string }>(READ_MODELS.scenarios);
    const name = scenarioNameKey(draft.scenario_name);
    const nameTaken =
      draft.is_real && name !== '' && (await scenarios.count({ customer_group: group.customerGroupId, is_real: true, name_key: name, _id: { $ne: scenarioId } })) > 0;
    const messageIdTaken =
      draft.scenario_message_id !== '' && (await scenarios.count({ scenario_id: draft.scenario_message_id, _id: { $ne: scenarioId } })) > 0;

    return {
      rootPermissions: await this.rootPermissions(group),
      groupCount: reach.size,
      groupIds: new Set(valuesOf('group', 'on_call').filter((id) => reach.has(id))),
      deviceIds,
      userIds: new Set(users.map((user) => user._id)),
      options,
      noticeboardNumbers: group.settings.noticeboard_numbers.map((number) => number.phone_number),
      scenarioIds: new Set(draft.triggered_scenario && (await this.inOrganisation(draft.triggered_scenario, group.rootId)) ? [draft.triggered_scenario] : []),
      uploads: await this.uploadsOf(group.rootId, draft),
      nameTaken,
      messageIdTaken,
    };
  }

  private async uploadsOf(rootId: string, draft: ScenarioDraft): Promise<Map<string, RecordedUpload>> {
    const { sms, email, shared } = draft.attachments;
    const known = await this.recordedUploads.of(rootId, [...sms, ...email, ...shared].map((attachment) => attachment.attachment_key));
    return new Map(Object.values(known).map((upload) => [upload.key, { name: upload.name, size: upload.size ?? 0, contentType: upload.content_type ?? '' }]));
  }

  private async rootPermissions(group: ActiveGroup): Promise<readonly string[]> {
    if (group.parentId === null) return group.rootPermissions;
    const root = await this.groups.state(group.rootId);
    return root.status === 'active' ? root.rootPermissions : [];
  }

  /** A message of the same organisation, not deleted. */
  private async inOrganisation(scenarioId: string, rootId: string): Promise<boolean> {
    const events = await this.executor.readStreamOrEmpty(scenarioStream(scenarioId));
    const state = foldEvents(scenarioDecider, events.map((event) => ({ type: event.type, data: event.data }) as ScenarioEvent));
    if (state.status !== 'active') return false;
    const group = await this.groups.state(state.customerGroupId);
    return group.status !== 'absent' && group.rootId === rootId;
  }

}
