import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { RecipientsCountAnswerDto } from '@beacon/contracts';
import { deviceId, DISPATCH_TYPES, type DispatchType } from '@beacon/domain';
import { filterOf, recipientCountPlan, recipientCounts } from '../../shared/recipients/recipient-count-plan';
import { RecipientSelection } from '../../shared/recipients/recipient-selection';
import { RecipientsCountQuery } from './recipients-count.query';

/**
 * POST /api/scenario/get_recipients_count/. The people a message would reach now (RecipientSelection)
 * and how many of them have a value for each device's field. Every figure comes from one count of the
 * read store (countSubsets), which SQLite answers from the index of the users' recipient keys without
 * reading a document.
 */
@QueryHandler(RecipientsCountQuery)
export class RecipientsCountHandler implements IQueryHandler<RecipientsCountQuery, RecipientsCountAnswerDto> {
  constructor(@Inject(RecipientSelection) private readonly selection: RecipientSelection) {}

  async execute({ principal, request, at }: RecipientsCountQuery): Promise<RecipientsCountAnswerDto> {
    const { counted, criteria, devices, notes } = await this.selection.resolve(principal, request, at);
    const { included, subsets } = recipientCountPlan(criteria, counted.fields);
    const answer = included === false ? null : await counted.collection.countSubsets(filterOf(included), subsets.map(filterOf));
    const counts = recipientCounts(criteria, answer);

    const perDevice = devices.map((device) => ({
      id: deviceId(device.field_id, device.dispatch_type),
      dispatch_type: device.dispatch_type,
      field_id: device.field_id,
      label: device.label,
      field_label: device.field_label,
      count: counts.withValue.get(device.field_id) ?? 0,
    }));
    const channels = Object.fromEntries(DISPATCH_TYPES.map((type) => [type, 0])) as Record<DispatchType, number>;
    for (const device of perDevice) channels[device.dispatch_type] += device.count;
    return { count: counts.count, excluded: counts.excluded, devices: perDevice, channels, without_devices: counts.withoutDevices, notes: [...notes] };
  }
}
