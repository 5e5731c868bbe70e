import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SelfSignedCertificate {
  readonly key: string;
  readonly cert: string;
}

/**
 * A throwaway key and certificate for 127.0.0.1, made with the `openssl` command (Node can make keys
 * but not certificates). `web-push` speaks only HTTPS, so the fake push service needs one; the test
 * trusts it through its own https.Agent, nothing else does. Undefined when `openssl` is not installed.
 */
export function selfSignedCertificate(): SelfSignedCertificate | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'fake-push-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
        '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
