import { Agent } from 'node:https';
import webPush, { type Urgency } from 'web-push';
import { PUSH_SUBSCRIPTION_GONE } from '@beacon/domain';
import type { Channel, ChannelProvider, OutgoingMessage, SendOutcome } from '../channel-provider';
import { retryAfterMsOf, throttleDelayMs } from '../retry-after';
import { isPrivateLiteralHost, PRIVATE_ADDRESS, publicOnlyLookup } from '../webhook/public-address';
import { parsePushSubscription } from './push-subscription';

export interface WebPushOptions {
  /** Our application server's VAPID keys (base64url, as `web-push generate-vapid-keys` prints them) and contact. */
  readonly vapid: {
    /** A `mailto:` or `https:` address the push services can reach us at. */
    readonly subject: string;
    readonly publicKey: string;
    readonly privateKey: string;
  };
  /** How long the push service keeps a message for a device that is offline (seconds, default a day). */
  readonly ttlSeconds?: number;
  /** How soon the push service should wake the device (default high: these are alerts). */
  readonly urgency?: Urgency;
  /** How long the push service may stay silent before the outcome is unknown (ms, default 10 s). */
  readonly timeoutMs?: number;
  /**
   * The HTTPS agent, in place of the default (tests: one trusting a private CA). The default is a keep-alive
   * pool that refuses a push service on this machine or a private network, by its address or its name's;
   * an agent given here is trusted with that as with everything else.
   */
  readonly agent?: Agent;
  /**
   * Push service hosts whose certificate is not checked (WEBHOOK_ALLOW_INSECURE_HOSTS: a local push
   * service standing for a browser vendor's in tests). Every other host: checked, through `agent`.
   */
  readonly allowInsecureHosts?: readonly string[];
}

export const WEB_PUSH_DEFAULTS = { ttlSeconds: 86_400, urgency: 'high', timeoutMs: 10_000, retryAfterMs: 1_000 } as const;

/** The refusal code of a subscription the push service no longer has: the device must not be sent to again (it is removed). */
export { PUSH_SUBSCRIPTION_GONE };

/** What the service worker receives (decrypted): our delivery id for its acknowledgement, the title and text. */
export interface PushPayload {
  readonly deliveryId: string;
  readonly title: string;
  readonly body: string;
}

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID']);

/**
 * Web push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291) through `web-push`. A push
 * service's 201 means it took the message for the device, and nothing reports later, so acceptance is
 * final. Answers: 201 accepted (the Location header, the message's address at the push service, else
 * `push-<delivery id>`); 404 or 410 the
 * subscription is gone (refused for good: stop sending to it); 429 throttled for Retry-After; other
 * 4xx (400 malformed, 401/403 our VAPID key, 413 too large) refused for good; 5xx refused for now; no
 * answer within the timeout unknown.
 */
export class WebPushProvider implements ChannelProvider {
  readonly name = 'web-push';
  readonly channels: readonly Channel[] = ['PUSH'];
  readonly reportsDelivery = false;

  private insecureAgent: Agent | undefined;
  private publicAgent: Agent | undefined;

  constructor(private readonly options: WebPushOptions) {}

  /** Whether the endpoint's host is configured as insecure (a local push service in tests). */
  private insecure(endpoint: URL): boolean {
    return this.options.allowInsecureHosts?.includes(endpoint.hostname.toLowerCase()) ?? false;
  }

  /** The agent for this endpoint: an unchecking one for a host configured as insecure, else the configured or the public-only one. */
  private agentFor(endpoint: URL): Agent {
    if (this.insecure(endpoint)) return (this.insecureAgent ??= new Agent({ rejectUnauthorized: false }));
    return this.options.agent ?? (this.publicAgent ??= new Agent({ keepAlive: true, lookup: publicOnlyLookup }));
  }

  async close(): Promise<void> {
    this.insecureAgent?.destroy();
    this.publicAgent?.destroy();
    this.insecureAgent = undefined;
    this.publicAgent = undefined;
  }

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    const parsed = parsePushSubscription(message.address);
    if ('invalid' in parsed) return { kind: 'refused', permanent: true, reason: parsed.invalid, code: 'invalid-subscription' };
    const payload: PushPayload = { deliveryId: message.deliveryId, title: message.subject ?? '', body: message.text };
    const timeoutMs = this.options.timeoutMs ?? WEB_PUSH_DEFAULTS.timeoutMs;
    const endpoint = new URL(parsed.subscription.endpoint);
    if (!this.insecure(endpoint) && !this.options.agent && isPrivateLiteralHost(endpoint)) return privateRefusal();
    const agent = this.agentFor(endpoint);
    try {
      const result = await webPush.sendNotification(parsed.subscription, JSON.stringify(payload), {
        vapidDetails: this.options.vapid,
        TTL: this.options.ttlSeconds ?? WEB_PUSH_DEFAULTS.ttlSeconds,
        urgency: this.options.urgency ?? WEB_PUSH_DEFAULTS.urgency,
        contentEncoding: 'aes128gcm',
        timeout: timeoutMs,
        agent,
      });
      // RFC 8030: the Location is the message's own address at the push service.
      return { kind: 'accepted', providerMessageId: headerOf(result.headers, 'location') ?? `push-${message.deliveryId}` };
    } catch (error) {
      return outcomeOfPushFailure(error, timeoutMs);
    }
  }
}

function outcomeOfPushFailure(error: unknown, timeoutMs: number): SendOutcome {
  if (error instanceof webPush.WebPushError) {
    const status = error.statusCode;
    const said = error.body?.trim() ? `: ${error.body.trim().slice(0, 200)}` : '';
    const code = String(status);
    if (status === 404 || status === 410) {
      return { kind: 'refused', permanent: true, code: PUSH_SUBSCRIPTION_GONE, reason: `The push subscription is gone (HTTP ${status}); the device must subscribe again` };
    }
    if (status === 429) {
      return { kind: 'throttled', retryAfterMs: throttleDelayMs(retryAfterMsOf(headerOf(error.headers, 'retry-after')), WEB_PUSH_DEFAULTS.retryAfterMs), reason: `The push service asked us to slow down${said}` };
    }
    if (status === 413) return { kind: 'refused', permanent: true, code, reason: 'The message is larger than the push service takes (4 KB)' };
    if (status === 401 || status === 403) return { kind: 'refused', permanent: true, code, reason: `The push service refused our VAPID key (HTTP ${status})${said}` };
    if (status >= 500) return { kind: 'refused', permanent: false, code, reason: `The push service failed (HTTP ${status})${said}` };
    return { kind: 'refused', permanent: true, code, reason: `The push service refused the message (HTTP ${status})${said}` };
  }
  if (error instanceof Error && error.message === 'Socket timeout') {
    return { kind: 'unknown', reason: `The push service did not answer within ${timeoutMs} ms; it may have taken the message` };
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === PRIVATE_ADDRESS) return privateRefusal();
  if (typeof code === 'string' && NOT_SENT.has(code)) return { kind: 'refused', permanent: false, code, reason: `Could not reach the push service (${code})` };
  if (typeof code === 'string') return { kind: 'unknown', reason: `The connection to the push service failed after the request left (${code})` };
  // The library refused its input before any request (a key or VAPID detail it cannot use).
  return { kind: 'refused', permanent: true, reason: `The push message could not be prepared: ${error instanceof Error ? error.message : String(error)}` };
}

/** A push service on this machine or a private network, by its address or its name's: never posted to. */
function privateRefusal(): SendOutcome {
  return { kind: 'refused', permanent: true, code: PRIVATE_ADDRESS, reason: 'The push service is on a private network' };
}

function headerOf(headers: Record<string, string | string[] | undefined> | undefined, name: string): string | undefined {
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}

