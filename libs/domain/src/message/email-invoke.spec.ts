import { describe, expect, it } from '@jest/globals';
import { emailInvokeAddress, emailInvokeMailto, emailInvokeTokenOf } from './email-invoke';

const token = '0123456789abcdef0123456789abcdef';

describe('the address that invokes a message by email', () => {
  it('is invoke+<token> at the domain, in lower case', () => {
    expect(emailInvokeAddress(token, 'Invoke.Example.org')).toBe(`invoke+${token}@invoke.example.org`);
  });

  it('takes only a token of 32 lowercase hex digits', () => {
    for (const wrong of ['', token.toUpperCase(), `${token}0`, 'x'.repeat(32), `${token.slice(1)}@`]) expect(() => emailInvokeAddress(wrong, 'example.org')).toThrow();
  });

  it('fits the 64 characters a local part may have', () => {
    expect(emailInvokeAddress(token, 'example.org').split('@')[0]!.length).toBeLessThanOrEqual(64);
  });

  it('goes into a mailto link with the subject percent-encoded', () => {
    expect(emailInvokeMailto(`invoke+${token}@example.org`, 'Fire & flood: évacuez?')).toBe(
      `mailto:invoke+${token}@example.org?subject=Fire%20%26%20flood%3A%20%C3%A9vacuez%3F`,
    );
  });

  it('is read back to its token in any case, and any other address is none', () => {
    expect(emailInvokeTokenOf(` INVOKE+${token.toUpperCase()}@Example.ORG `, 'example.org')).toBe(token);
    for (const other of [`invoke+${token}@other.org`, `invoke-${token}@example.org`, `invoke+${token}0@example.org`, `invoke+@example.org`, 'someone@example.org'])
      expect(emailInvokeTokenOf(other, 'example.org')).toBeNull();
  });
});
