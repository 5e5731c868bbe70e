import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { SelfSignedCertificate } from './self-signed-certificate';

/** One push request the fake received, whatever it answered. */
export interface FakePushRequest {
  readonly subscriptionId: string;
  readonly headers: IncomingHttpHeaders;
  /** The payload, decrypted with the subscription's keys and parsed as JSON (absent when it could not be). */
  readonly payload?: Readonly<Record<string, unknown>>;
  /** Why the request was refused as malformed or unauthorised (VAPID, encryption). */
  readonly problem?: string;
  readonly answer: number | 'none';
}

interface Subscription {
  readonly ecdh: ECDH;
  readonly auth: Buffer;
  gone: boolean;
}

type Next = { kind: 'refuse'; permanent: boolean } | { kind: 'throttle'; retryAfterSeconds: number } | { kind: 'hang' };

/**
 * A local push service (RFC 8030) over HTTPS, as a browser vendor's would be: it hands out subscriptions
 * (a P-256 key pair and an auth secret per "device"), checks each push's VAPID Authorization (an ES256
 * JWT for this origin, unexpired, with a contact, signed by the key in `k`, which must be the application
 * server key the subscription was made for), decrypts the aes128gcm payload with the device's keys,
 * records it, and can refuse (410 gone, 503), throttle (429) or hang on the next one.
 */
export class FakePushService {
  readonly requests: FakePushRequest[] = [];
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly hung = new Set<ServerResponse>();
  private readonly server: Server;
  private next: Next | undefined;

  private constructor(
    certificate: SelfSignedCertificate,
    /** The VAPID public key the subscriptions were made for (base64url). */
    private readonly applicationServerKey: string,
  ) {
    this.server = createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) {
          response.writeHead(500);
          response.end(`Fake push service failed: ${String(error)}`);
        }
      });
    });
  }

  static async start(certificate: SelfSignedCertificate, applicationServerKey: string): Promise<FakePushService> {
    const service = new FakePushService(certificate, applicationServerKey);
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    return service;
  }

  get origin(): string {
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new device: its id here, and its subscription as the browser's PushSubscription.toJSON() gives it. */
  subscribe(): { id: string; subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } } } {
    const id = randomUUID();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.subscriptions.set(id, { ecdh, auth, gone: false });
    return {
      id,
      subscription: { endpoint: `${this.origin}/push/${id}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
    };
  }

  /** The device unsubscribed: pushes to it are answered 410 Gone from now on. */
  unsubscribe(id: string): void {
    const subscription = this.subscriptions.get(id);
    if (subscription) subscription.gone = true;
  }

  /** The next push is refused: permanently (410, the subscription is gone) or for now (503). */
  refuseNext(permanent: boolean): void {
    this.next = { kind: 'refuse', permanent };
  }

  throttleNext(retryAfterSeconds = 2): void {
    this.next = { kind: 'throttle', retryAfterSeconds };
  }

  /** The next push is read and recorded, and never answered. */
  hangNext(): void {
    this.next = { kind: 'hang' };
  }

  /** The pushes whose decrypted payload names this delivery id. */
  requestsFor(deliveryId: string): FakePushRequest[] {
    return this.requests.filter((request) => request.payload?.['deliveryId'] === deliveryId);
  }

  async close(): Promise<void> {
    for (const response of this.hung) response.destroy();
    this.hung.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const id = /^\/push\/([^/]+)$/.exec(request.url ?? '')?.[1] ?? '';
    const subscription = this.subscriptions.get(id);
    const record = (answer: number | 'none', more: { payload?: Record<string, unknown>; problem?: string } = {}) =>
      this.requests.push({ subscriptionId: id, headers: request.headers, answer, ...more });
    const end = (status: number, text = '', headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'Content-Type': 'text/plain', ...headers });
      response.end(text);
    };

    const refuse = (status: number, problem: string) => {
      record(status, { problem });
      end(status, problem);
    };

    if (request.method !== 'POST') return end(405);
    if (!subscription) return refuse(404, 'No such subscription');
    if (subscription.gone) return refuse(410, 'push subscription has unsubscribed or expired');
    const unauthorised = this.vapidProblem(request.headers);
    if (unauthorised) return refuse(unauthorised.status, unauthorised.problem);
    const ttl = request.headers['ttl'];
    if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) return refuse(400, 'TTL header missing');
    if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(400, 'Content-Encoding must be aes128gcm');
    if (body.length > 4096) return refuse(413, 'Payload too large');
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(decryptAes128gcm(body, subscription).toString('utf8')) as Record<string, unknown>;
    } catch (error) {
      return refuse(400, `payload does not decrypt: ${(error as Error).message}`);
    }

    const next = this.next;
    this.next = undefined;
    if (next?.kind === 'hang') {
      record('none', { payload });
      this.hung.add(response);
      return;
    }
    if (next?.kind === 'refuse') {
      if (next.permanent) subscription.gone = true;
      record(next.permanent ? 410 : 503, { payload });
      return end(next.permanent ? 410 : 503, next.permanent ? 'push subscription has unsubscribed or expired' : 'Service unavailable');
    }
    if (next?.kind === 'throttle') {
      record(429, { payload });
      return end(429, 'Too many requests', { 'Retry-After': String(next.retryAfterSeconds) });
    }
    record(201, { payload });
    end(201, '', { Location: `${this.origin}/message/${randomUUID()}`, TTL: ttl });
  }

  /** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; 401 for a bad token, 403 for another key. */
  private vapidProblem(headers: IncomingHttpHeaders): { status: number; problem: string } | undefined {
    const match = /^vapid\s+(.+)$/i.exec(headers.authorization ?? '');
    if (!match) return { status: 401, problem: 'No VAPID Authorization' };
    const fields = Object.fromEntries(match[1]!.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
    const token = fields['t'];
    const key = fields['k'];
    if (!token || !key) return { status: 401, problem: 'VAPID Authorization lacks t or k' };
    if (key !== this.applicationServerKey) return { status: 403, problem: 'VAPID key is not the one the subscription was made for' };
    const [header, claims, signature] = token.split('.');
    if (!header || !claims || !signature) return { status: 401, problem: 'VAPID token is not a JWT' };
    const point = Buffer.from(key, 'base64url');
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
      format: 'jwk',
    });
    const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!signed) return { status: 401, problem: 'VAPID token signature does not verify' };
    const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    if (alg !== 'ES256') return { status: 401, problem: 'VAPID token is not ES256' };
    const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
    if (aud !== this.origin) return { status: 401, problem: `VAPID audience ${aud} is not ${this.origin}` };
    const now = Date.now() / 1000;
    if (typeof exp !== 'number' || exp <= now || exp > now + 24 * 3600) return { status: 401, problem: 'VAPID token expired or lives over 24 hours' };
    if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub)) return { status: 401, problem: 'VAPID subject is not a mailto: or https: contact' };
    return undefined;
  }
}

/**
 * RFC 8291 / RFC 8188: the header (salt, record size, the sender's public key), the key and nonce
 * derived from the ECDH secret and the auth secret, one record of AES-128-GCM, padding up to a 0x02.
 */
function decryptAes128gcm(body: Buffer, subscription: Subscription): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (salt.length !== 16 || senderKey.length !== 65) throw new Error('bad aes128gcm header');
  const deviceKey = subscription.ecdh.getPublicKey();
  const secret = subscription.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), deviceKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, subscription.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 0x02) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}
