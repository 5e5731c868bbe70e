import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type Response from 'twilio/lib/http/response';
import { retryAfterMsOf } from '../retry-after';
import { TWILIO_DEFAULTS, type TwilioOptions } from './twilio-options';

/**
 * An answer of the Twilio API that was not a success, with what the library's own RestException
 * drops: the response headers (a 429's Retry-After).
 */
export class TwilioApiError extends Error {
  readonly status: number;
  /** Twilio's error code (21211, 20429, …), when the body names one. */
  readonly code?: number;
  readonly moreInfo?: string;
  readonly retryAfterMs?: number;

  constructor(status: number, body: unknown, headers: Record<string, unknown>) {
    const parsed = parseBody(body);
    super(typeof parsed?.message === 'string' && parsed.message ? parsed.message : `Twilio answered HTTP ${status}`);
    this.name = 'TwilioApiError';
    this.status = status;
    if (typeof parsed?.code === 'number') this.code = parsed.code;
    if (typeof parsed?.more_info === 'string') this.moreInfo = parsed.more_info;
    const retryAfterMs = retryAfterMsOf(headers['retry-after']);
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}

function parseBody(body: unknown): Record<string, unknown> | undefined {
  if (typeof body === 'string') {
    try {
      const parsed: unknown = JSON.parse(body);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
}

/**
 * The `httpClient` the `twilio` library sends through: its own RequestClient (axios, form encoding,
 * basic auth), with the API's origin replaced by `apiBaseUrl` when one is configured (a local fake in
 * tests, a proxy), and every answer of 400 or more thrown as a TwilioApiError carrying its headers.
 */
export class TwilioApiClient extends twilio.RequestClient {
  constructor(
    private readonly apiBaseUrl: string | undefined,
    timeoutMs: number,
  ) {
    super({ timeout: timeoutMs });
  }

  override async request<TData>(opts: RequestClient.RequestOptions<TData>): Promise<Response<TData>> {
    const uri = this.apiBaseUrl ? rebase(opts.uri, this.apiBaseUrl) : opts.uri;
    const response = await super.request({ ...opts, uri });
    if (response.statusCode >= 400) throw new TwilioApiError(response.statusCode, response.body, (response.headers ?? {}) as Record<string, unknown>);
    return response;
  }
}

function rebase(uri: string, apiBaseUrl: string): string {
  const url = new URL(uri);
  return `${apiBaseUrl.replace(/\/+$/, '')}${url.pathname}${url.search}`;
}

/** The library's client for one account, sending through TwilioApiClient. */
export function twilioClientOf(options: TwilioOptions): twilio.Twilio {
  return twilio(options.accountSid, options.authToken, {
    httpClient: new TwilioApiClient(options.apiBaseUrl, options.requestTimeoutMs ?? TWILIO_DEFAULTS.requestTimeoutMs),
    autoRetry: false,
  });
}
