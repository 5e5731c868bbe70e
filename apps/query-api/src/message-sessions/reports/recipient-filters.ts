import { RESPONDED, type SessionRecipientFilters } from '@beacon/contracts';
import { DELIVERY_FAILURE, forbidden, NO_RESPONSE, PERSON_FILTERS, type SessionReportAccess } from '@beacon/domain';
import type { Filter } from '@beacon/read-store';

/** A text searched for as it is: every character that means something in a pattern escaped. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A phone number searched for by its digits and plus sign: "+44 7700-900" finds "+447700900123". */
const phoneDigits = (text: string) => text.replace(/[\s\-().]/g, '');

/** Someone replied: their reply counts under neither label of those who did not. */
const ANY_REPLY: Filter = { reply_key: { $nin: [NO_RESPONSE, DELIVERY_FAILURE, ''] } };

/**
 * The read store's filter of a session's people for the list's filters, all combined. A caller who may
 * not search people by who they are (spec §6) is refused a name, email or phone filter (403), as the
 * console does not offer them.
 */
export function recipientFilterOf(sessionId: string, filters: SessionRecipientFilters, access: SessionReportAccess): Filter {
  const used = PERSON_FILTERS.filter((name) => filters[name]);
  if (used.length > 0 && !access.personFilters) throw forbidden(`You may not search a session's people by ${used.join(', ')}.`);
  const conditions: Filter[] = [{ session_id: sessionId }];
  if (filters.state) conditions.push({ state: filters.state });
  if (filters.reply) {
    const reply = filters.reply;
    conditions.push(reply === NO_RESPONSE || reply === DELIVERY_FAILURE ? { reply_key: reply } : reply === RESPONDED ? ANY_REPLY : { reply, ...ANY_REPLY });
  }
  const time: Record<string, string> = {};
  if (filters.reply_time_from) time.$gte = new Date(filters.reply_time_from).toISOString();
  if (filters.reply_time_to) time.$lt = new Date(filters.reply_time_to).toISOString();
  if (Object.keys(time).length > 0) conditions.push({ reply_time: { $ne: null, ...time } });
  if (filters.name) conditions.push({ name_key: { $regex: literally(filters.name.toLowerCase()) } });
  if (filters.email) conditions.push({ email: { $regex: literally(filters.email), $options: 'i' } });
  if (filters.phone && phoneDigits(filters.phone)) conditions.push({ phone_number: { $regex: literally(phoneDigits(filters.phone)) } });
  return conditions.length === 1 ? conditions[0]! : { $and: conditions };
}
