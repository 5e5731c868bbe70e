/**
 * A new Idempotency-Key for one send the user asks for: 128 random bits as hex. getRandomValues
 * rather than randomUUID, which browsers offer only on secure origins (a console on plain http in
 * a private network has none).
 */
export function newSendKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
