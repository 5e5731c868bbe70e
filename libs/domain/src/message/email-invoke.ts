/**
 * The address that invokes a message by email (spec part 2 §3 `is_email_invoke`): `invoke+<token>@<domain>`,
 * where the token is 32 lowercase hex digits the server derives from the message with a key of its own
 * (so it cannot be guessed from the message's id, and is the same every time it is asked for). The
 * person who emails it names the message by the address alone; the subject only tells them which
 * message they are about to start. Lowercase hex survives mail systems that change the case of addresses.
 */
export const EMAIL_INVOKE_LOCAL_PREFIX = 'invoke+';
export const EMAIL_INVOKE_TOKEN_PATTERN = /^[0-9a-f]{32}$/;

export const EMAIL_INVOKE_OFF = "This message is not invoked by email: turn on email invocation in the message's settings and save it first.";

/** The invoke address of a token at the domain. */
export function emailInvokeAddress(token: string, domain: string): string {
  if (!EMAIL_INVOKE_TOKEN_PATTERN.test(token)) throw new Error('An email invoke token is 32 lowercase hex digits.');
  return `${EMAIL_INVOKE_LOCAL_PREFIX}${token}@${domain.toLowerCase()}`;
}

/** The mailto link of the address with the subject filled in (RFC 6068: the subject percent-encoded as UTF-8). */
export function emailInvokeMailto(address: string, subject: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}

/**
 * The token of an address that invokes a message at the domain, in any case; null for any other
 * address. For the side that receives invoke emails, which finds the message by its token.
 */
export function emailInvokeTokenOf(address: string, domain: string): string | null {
  const text = address.trim().toLowerCase();
  const suffix = `@${domain.toLowerCase()}`;
  if (!text.startsWith(EMAIL_INVOKE_LOCAL_PREFIX) || !text.endsWith(suffix)) return null;
  const token = text.slice(EMAIL_INVOKE_LOCAL_PREFIX.length, -suffix.length);
  return EMAIL_INVOKE_TOKEN_PATTERN.test(token) ? token : null;
}
