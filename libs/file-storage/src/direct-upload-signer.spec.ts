import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { DirectUploadRefusedError, DirectUploadSigner, type DirectUploadRefusal } from './direct-upload-signer';

const signer = new DirectUploadSigner(randomBytes(32));
const now = new Date('2024-05-01T12:00:00.000Z');
const terms = { expiration: '2024-05-01T12:15:00.000Z', key: 'a'.repeat(32), size: 120, name: 'Отчёт.pdf' };

const refusalOf = (run: () => unknown): DirectUploadRefusal => {
  try {
    run();
  } catch (error) {
    if (error instanceof DirectUploadRefusedError) return error.reason;
    throw error;
  }
  throw new Error('expected a refusal');
};

/** The policy with one byte of its JSON changed, re-encoded as a client could. */
function tampered(policy: string, change: (json: string) => string): string {
  return Buffer.from(change(Buffer.from(policy, 'base64url').toString('utf8')), 'utf8').toString('base64url');
}

describe('DirectUploadSigner', () => {
  it('gives back the terms it signed, until they expire', () => {
    const { policy, signature } = signer.sign(terms);

    expect(policy).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(signature).toMatch(/^[a-f0-9]{64}$/);
    expect(signer.verify(policy, signature, now)).toEqual(terms);
    expect(signer.verify(policy, signature, new Date('2024-05-01T12:14:59.999Z'))).toEqual(terms);
  });

  it('refuses expired terms, from the moment of expiry', () => {
    const { policy, signature } = signer.sign(terms);
    expect(refusalOf(() => signer.verify(policy, signature, new Date('2024-05-01T12:15:00.000Z')))).toBe('expired');
  });

  it('refuses terms that were changed, whatever was changed', () => {
    const { policy, signature } = signer.sign(terms);

    expect(refusalOf(() => signer.verify(tampered(policy, (json) => json.replace('"size":120', '"size":99999999')), signature, now))).toBe('signature');
    expect(refusalOf(() => signer.verify(tampered(policy, (json) => json.replace('12:15', '23:15')), signature, now))).toBe('signature');
    const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    expect(refusalOf(() => signer.verify(policy, flipped, now))).toBe('signature');
  });

  it('refuses terms signed with another secret', () => {
    const { policy, signature } = new DirectUploadSigner(randomBytes(32)).sign(terms);
    expect(refusalOf(() => signer.verify(policy, signature, now))).toBe('signature');
  });

  it('refuses what is not a signed pair: missing, wrong types, malformed or oversized', () => {
    const { policy, signature } = signer.sign(terms);

    expect(refusalOf(() => signer.verify(undefined, undefined, now))).toBe('unsigned');
    expect(refusalOf(() => signer.verify('', '', now))).toBe('unsigned');
    expect(refusalOf(() => signer.verify(policy, undefined, now))).toBe('signature');
    expect(refusalOf(() => signer.verify(undefined, signature, now))).toBe('signature');
    expect(refusalOf(() => signer.verify([policy], signature, now))).toBe('signature');
    expect(refusalOf(() => signer.verify(policy, signature.toUpperCase(), now))).toBe('signature');
    expect(refusalOf(() => signer.verify('x'.repeat(9000), signature, now))).toBe('signature');
  });

  it('refuses signed text that is not terms (not JSON, or without an expiration)', () => {
    const secret = randomBytes(32);
    const own = new DirectUploadSigner(secret);
    const garbage = Buffer.from('not json').toString('base64url');
    const signedGarbage = createHmac('sha256', secret).update(garbage).digest('hex');
    expect(refusalOf(() => own.verify(garbage, signedGarbage, now))).toBe('signature');

    const { policy, signature } = own.sign({ expiration: 42 } as unknown as { expiration: string });
    expect(refusalOf(() => own.verify(policy, signature, now))).toBe('signature');
  });

  it('says why in words a caller can act on', () => {
    expect(new DirectUploadRefusedError('expired').message).toBe('The upload has expired. Ask for a new upload address and send the file again.');
    expect(new DirectUploadRefusedError('signature').message).toContain('signature is not valid');
  });

  it('will not sign with a short secret', () => {
    expect(() => new DirectUploadSigner(Buffer.from('short'))).toThrow('at least 32 bytes');
  });
});
