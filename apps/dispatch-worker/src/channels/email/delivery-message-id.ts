/**
 * The Message-ID of a delivery's email: our delivery id at the From address's domain, so a bounce, a
 * reply or a duplicate quoting it leads back to the delivery. The same delivery always gets the same
 * id, which also lets a receiving server that deduplicates on Message-ID drop a repeat.
 */
export function deliveryMessageId(deliveryId: string, from: string): string {
  return `<delivery.${localPartOf(deliveryId)}@${domainOf(from)}>`;
}

/** The delivery id as the left part of a Message-ID (RFC 5322 dot-atom): other characters as %XX of their UTF-8 bytes. */
function localPartOf(deliveryId: string): string {
  return deliveryId.replace(/[^A-Za-z0-9_-]/gu, (char) =>
    [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

/** The domain of a From such as "Beacon <alerts@example.com>" or "alerts@example.com". */
function domainOf(from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim())?.[1];
  return domain && domain.length > 0 ? domain : 'beacon.invalid';
}
