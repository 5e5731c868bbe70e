import { DEFAULT_CUSTOMER_GROUP_SETTINGS, isIanaTimeZone, settingsWithDefaults } from '@beacon/domain';
import type { ReadStore } from '@beacon/read-store';
import { CUSTOMER_GROUPS, type CustomerGroupDocument } from '../../shared/read-models/customer-groups.read-model';
import { MESSAGE_SESSIONS, type MessageSessionDocument } from '../../shared/read-models/message-sessions.read-model';

/**
 * The time zone a scheduled session's day is read in by its holiday and weekend checks: its group's
 * preferred time zone as it is when the session falls due (the product's default for a group without
 * one, or whose zone the runtime does not know, so a session is never held up by a setting).
 */
export async function sendDayTimeZone(readStore: ReadStore, tenantId: string, sessionId: string): Promise<string> {
  const tenant = readStore.scope(tenantId);
  const session = await tenant.collection<MessageSessionDocument>(MESSAGE_SESSIONS).findOne({ _id: sessionId }, { projection: { customer_group: 1 } });
  const group = session ? await tenant.collection<CustomerGroupDocument>(CUSTOMER_GROUPS).findOne({ _id: session.customer_group }, { projection: { settings: 1 } }) : null;
  const zone = settingsWithDefaults(group?.settings ?? {}).preferred_timezone;
  return isIanaTimeZone(zone) ? zone : DEFAULT_CUSTOMER_GROUP_SETTINGS.preferred_timezone;
}
