/**
 * A new Idempotency-Key for one write the user asks for (see SendOptions): 128 random bits as hex.
 * getRandomValues rather than randomUUID, which browsers offer only on secure origins (a console on
 * plain http in a private network has none).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
