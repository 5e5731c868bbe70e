import { dispatchTopic, type DispatchJob, type DispatchLane } from '@beacon/contracts';
import {
  conferenceScriptOf,
  deliveryIdOf,
  deviceId,
  outgoingContent,
  pushAddressOf,
  pushDeviceId,
  sequenceStep,
  type ConferenceGroupSettings,
  type ConferenceScript,
  type DeliveryChannel,
  type FieldDevice,
  type MessageSessionOrigin,
  type OutgoingContent,
  type PlannedDelivery,
  type ReachableDevice,
  withResponseLink,
} from '@beacon/domain';
import type { PushSubscriptionDocument } from '../../shared/read-models/push-subscriptions.read-model';
import type { UserDocument } from '../../shared/read-models/users.read-model';

/** What the planner knows of a session once its recipients are resolved: enough to make every page's deliveries and jobs. */
export interface SessionPlanContext {
  readonly tenantId: string;
  readonly origin: MessageSessionOrigin;
  readonly devices: readonly FieldDevice[];
  readonly content: ReadonlyMap<DeliveryChannel, OutgoingContent>;
  readonly from?: string;
  /** A conference's script: its voice devices are called into its bridge (conference-preparation.ts). */
  readonly conference?: ConferenceScript;
}

/** The content of each channel the session sends on, made once for all its deliveries. */
export function contentByChannel(origin: MessageSessionOrigin, devices: readonly FieldDevice[], settings: Record<string, unknown>, rootPermissions: readonly string[]) {
  const { scenario } = origin;
  const channels = new Set<DeliveryChannel>(devices.map((device) => device.dispatch_type));
  if (scenario.use_microsoft_teams) channels.add('TEAMS');
  if (scenario.use_slack) channels.add('SLACK');
  if (scenario.use_pwa) channels.add('PUSH');
  const texts = {
    opening_text: settings.opening_text as string | undefined,
    closing_text: settings.closing_text as string | undefined,
    test_message_header: settings.test_message_header as boolean | undefined,
    two_way_sms: settings.two_way_sms as boolean | undefined,
    force_two_way_sms: settings.force_two_way_sms as boolean | undefined,
  };
  return new Map([...channels].map((channel) => [channel, outgoingContent(channel, scenario, texts, rootPermissions)]));
}

/** A conference message's script, from the group's settings as they are when it is planned; none for other types. */
export const conferenceOf = (origin: MessageSessionOrigin, settings: Record<string, unknown>): { conference?: ConferenceScript } =>
  origin.scenario.scenario_type === 'conference' ? { conference: conferenceScriptOf(origin.scenario, settings as ConferenceGroupSettings) } : {};

/** The devices a user can be reached on (those they hold a value for: the first value of its field), in the context's order. */
export function reachableDevices(context: Pick<SessionPlanContext, 'devices'>, user: Pick<UserDocument, 'field_values'>): ReachableDevice[] {
  const values = new Map((user.field_values ?? []).map((entry) => [entry.field, entry.values]));
  return context.devices.flatMap((device) => {
    const address = values.get(device.field_id)?.find((value) => value.trim() !== '')?.trim();
    return address ? [{ deviceId: deviceId(device.field_id, device.dispatch_type), channel: device.dispatch_type, address }] : [];
  });
}

/**
 * The deliveries of a page of users: one per device the user has a value for; for a sequence, only
 * the first of them (the sequence's later steps are follow-ups, sequence.ts).
 */
export function deliveriesOf(context: SessionPlanContext, users: readonly Pick<UserDocument, '_id' | 'field_values'>[]): PlannedDelivery[] {
  const { sessionId, scenario } = context.origin;
  return users.flatMap((user) => {
    const reachable = reachableDevices(context, user);
    if (scenario.scenario_type === 'sequence') {
      const first = sequenceStep(sessionId, user._id, reachable, 0, []);
      return first ? [first] : [];
    }
    return reachable.map((device) => ({ deliveryId: deliveryIdOf(sessionId, user._id, device.deviceId), recipientId: user._id, ...device }));
  });
}

/** The Teams and Slack webhooks the message names: one delivery each, on the first page. */
export function webhookDeliveries(origin: MessageSessionOrigin): PlannedDelivery[] {
  const { scenario, sessionId } = origin;
  const of = (channel: 'TEAMS' | 'SLACK', webhooks: readonly string[]) =>
    webhooks.map((address, index) => {
      const recipientId = `${channel.toLowerCase()}-${index + 1}`;
      return { deliveryId: deliveryIdOf(sessionId, recipientId, channel.toLowerCase()), recipientId, deviceId: channel.toLowerCase(), channel, address };
    });
  return [...(scenario.use_microsoft_teams ? of('TEAMS', scenario.teams.webhooks) : []), ...(scenario.use_slack ? of('SLACK', scenario.slack.webhooks) : [])];
}

/**
 * A message with use_pwa on: one push delivery to each browser the page's users registered (those whose
 * push service answered gone are not read), whatever the message's type, alongside its devices; the
 * address is the browser's subscription, as the web-push provider takes it.
 */
export function pushDeliveries(
  origin: MessageSessionOrigin,
  subscriptions: readonly Pick<PushSubscriptionDocument, '_id' | 'user_id' | 'endpoint' | 'keys'>[],
): PlannedDelivery[] {
  if (!origin.scenario.use_pwa) return [];
  return subscriptions.map((subscription) => {
    const device = pushDeviceId(subscription._id);
    return { deliveryId: deliveryIdOf(origin.sessionId, subscription.user_id, device), recipientId: subscription.user_id, deviceId: device, channel: 'PUSH', address: pushAddressOf(subscription) };
  });
}

/** A session's lane: test messages on their own; a real one on the priority lane when its plan is one page, else bulk. */
export const laneOf = (origin: MessageSessionOrigin, onePage: boolean): DispatchLane => (!origin.scenario.is_real ? 'test' : onePage ? 'priority' : 'bulk');

/** A delivery's text: its channel's, and for a text that carries the two-way link its own address (ResponseLinks, written first). */
function textOf(content: OutgoingContent, deliveryId: string, links: ReadonlyMap<string, string>): string {
  if (content.responseLinkAt === undefined) return content.text;
  const url = links.get(deliveryId);
  if (url === undefined) throw new Error(`The text of delivery ${deliveryId} carries the two-way link, and its link was not written.`);
  return withResponseLink(content, url);
}

/** The bus messages of a page's deliveries (keyed by recipient), on the session's lane; `links`: the texts' response addresses. */
export function jobsOf(context: SessionPlanContext, page: number, deliveries: readonly PlannedDelivery[], lane: DispatchLane, links: ReadonlyMap<string, string>) {
  return {
    topic: dispatchTopic(lane),
    messages: deliveries.map((delivery) => {
      const content = context.content.get(delivery.channel) ?? { text: '' };
      const job: DispatchJob = {
        deliveryId: delivery.deliveryId,
        tenantId: context.tenantId,
        sessionId: context.origin.sessionId,
        page,
        lane,
        recipientId: delivery.recipientId,
        channel: delivery.channel,
        address: delivery.address,
        text: textOf(content, delivery.deliveryId, links),
        ...(content.subject === undefined ? {} : { subject: content.subject }),
        ...(context.from && delivery.channel === 'SMS' ? { from: context.from } : {}),
      };
      return { key: delivery.recipientId, value: job };
    }),
  };
}
