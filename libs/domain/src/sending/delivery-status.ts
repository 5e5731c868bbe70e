/**
 * A delivery's status (one message to one recipient on one device): monotonic, so reports that
 * arrive late, twice or out of order never move it back. A late "sent" never overwrites
 * "delivered"; a reply proves delivery and outranks it; the first final answer stands.
 */
export const DELIVERY_STATUSES = ['queued', 'claimed', 'submitted', 'unknown', 'sent', 'delivered', 'failed', 'timed_out', 'replied'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** "unknown" (no answer from the provider) ranks below "submitted", so a reconciliation that finds the message moves it on. */
const RANK: Readonly<Record<DeliveryStatus, number>> = {
  queued: 0,
  claimed: 1,
  unknown: 2,
  submitted: 3,
  sent: 4,
  delivered: 5,
  failed: 5,
  timed_out: 5,
  replied: 6,
};

/** Final: nothing but a reply changes it. */
export const isFinalDeliveryStatus = (status: DeliveryStatus) => RANK[status] >= 5;

/** The status after `next` is reported: `next` only if it ranks above the current one. */
export function advanceDeliveryStatus(current: DeliveryStatus, next: DeliveryStatus): DeliveryStatus {
  return RANK[next] > RANK[current] ? next : current;
}

/** The status a series of reports leaves, in whatever order they came. */
export const deliveryStatusAfter = (reports: Iterable<DeliveryStatus>, from: DeliveryStatus = 'queued') => {
  let status = from;
  for (const report of reports) status = advanceDeliveryStatus(status, report);
  return status;
};
