import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signs and checks the terms of a direct upload, the way an object store's presigned POST does: the
 * terms travel to the client as a base64url JSON `policy` with `signature`, the HMAC-SHA256 of that
 * text under a server secret; the client posts both back with the file. Whoever holds a valid pair may
 * upload exactly what the terms say until they expire, and nothing else; no state is kept meanwhile.
 */
export interface DirectUploadTerms {
  /** ISO 8601 time after which the terms are refused. */
  readonly expiration: string;
}

export interface SignedDirectUpload {
  readonly policy: string;
  readonly signature: string;
}

export type DirectUploadRefusal = 'unsigned' | 'signature' | 'expired';

const REFUSAL_MESSAGES: Record<DirectUploadRefusal, string> = {
  unsigned: 'The upload is not signed. Send the fields the upload call answered along with the file.',
  signature: 'The upload signature is not valid. Send the fields the upload call answered, unchanged.',
  expired: 'The upload has expired. Ask for a new upload address and send the file again.',
};

/** Why signed terms were refused; its message says so in words a caller can act on. */
export class DirectUploadRefusedError extends Error {
  constructor(readonly reason: DirectUploadRefusal) {
    super(REFUSAL_MESSAGES[reason]);
    this.name = 'DirectUploadRefusedError';
  }
}

/** Longest policy text accepted, so a forged one costs nothing to reject. */
const MAX_POLICY_LENGTH = 8 * 1024;
const SIGNATURE_PATTERN = /^[a-f0-9]{64}$/;

export class DirectUploadSigner {
  constructor(private readonly secret: Buffer) {
    if (secret.length < 32) throw new Error('A direct upload signing secret must be at least 32 bytes long');
  }

  sign<T extends DirectUploadTerms>(terms: T): SignedDirectUpload {
    const policy = Buffer.from(JSON.stringify(terms), 'utf8').toString('base64url');
    return { policy, signature: this.signatureOf(policy) };
  }

  /**
   * The terms of a signed pair, checked: signature first (nothing unsigned is read), then expiry.
   * Anything that is not a pair this signer made is refused as a bad signature.
   */
  verify(policy: unknown, signature: unknown, now: Date): DirectUploadTerms & Record<string, unknown> {
    if ((policy === undefined || policy === '') && (signature === undefined || signature === '')) throw new DirectUploadRefusedError('unsigned');
    if (typeof policy !== 'string' || typeof signature !== 'string' || policy.length > MAX_POLICY_LENGTH || !SIGNATURE_PATTERN.test(signature)) {
      throw new DirectUploadRefusedError('signature');
    }
    if (!timingSafeEqual(Buffer.from(this.signatureOf(policy), 'hex'), Buffer.from(signature, 'hex'))) throw new DirectUploadRefusedError('signature');
    const terms = parseTerms(policy);
    const expiration = Date.parse(terms.expiration);
    if (!(expiration > now.getTime())) throw new DirectUploadRefusedError('expired');
    return terms;
  }

  private signatureOf(policy: string): string {
    return createHmac('sha256', this.secret).update(policy, 'utf8').digest('hex');
  }
}

function parseTerms(policy: string): DirectUploadTerms & Record<string, unknown> {
  let terms: unknown;
  try {
    terms = JSON.parse(Buffer.from(policy, 'base64url').toString('utf8'));
  } catch {
    // Only this signer's own output gets this far; unreadable means it was not made here.
    throw new DirectUploadRefusedError('signature');
  }
  if (typeof terms !== 'object' || terms === null || typeof (terms as DirectUploadTerms).expiration !== 'string') {
    throw new DirectUploadRefusedError('signature');
  }
  return terms as DirectUploadTerms & Record<string, unknown>;
}
