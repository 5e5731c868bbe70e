import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One create (a message or a call) the fake received, whatever it answered. */
export interface FakeTwilioCreate {
  readonly kind: 'message' | 'call';
  /** The SID it gave (or would have given: a refused create gets none). */
  readonly sid?: string;
  /** The form as received; a repeated field (StatusCallbackEvent) is a list. */
  readonly params: Readonly<Record<string, string | readonly string[]>>;
  /** The HTTP status it answered, or 'none' for a create it hung on. */
  readonly answer: number | 'none';
}

/** What the HTTP endpoint answered to one callback the fake posted. */
export interface CallbackAnswer {
  readonly status: number;
  readonly body: string;
}

/** One status callback to post: a status, with fields to add or override (ErrorCode, …). */
export type FakeStatusCallback = string | { readonly status: string; readonly fields?: Readonly<Record<string, string>> };

export interface PostOptions {
  /** Changes the form after it was signed (a tampered request). */
  readonly tamper?: (form: Record<string, string>) => void;
  /** Sends no X-Twilio-Signature. */
  readonly unsigned?: boolean;
}

interface Resource {
  readonly kind: 'message' | 'call';
  readonly sid: string;
  readonly createdAt: Date;
  readonly params: Readonly<Record<string, string | readonly string[]>>;
  sequence: number;
  /** A call's answer as answering-machine detection told it (MachineDetection asked): reported with its callbacks. */
  answeredBy?: string;
}

type NextCreate =
  | { kind: 'refuse'; permanent: boolean }
  | { kind: 'throttle'; retryAfterSeconds: number }
  | { kind: 'hang' }
  | { kind: 'fail'; status: number };

const API = '/2010-04-01';

/** The action address of the first `<Gather>` in a TwiML document, unescaped, if it has one. */
export function gatherActionOf(twiml: string): string | undefined {
  const action = /<Gather\b[^>]*\baction="([^"]*)"/.exec(twiml)?.[1];
  return action?.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * A local stand-in for Twilio's REST API (api.twilio.com/2010-04-01), enough for the `twilio` library
 * pointed at it: creates of Messages and Calls (form-encoded, basic auth checked), their listing and
 * fetching, Twilio-shaped JSON answers and errors (`code`, `message`, `more_info`, `status`). It records
 * every create, can refuse, throttle or hang on the next one, and posts status callbacks to a message's
 * StatusCallback, signed as Twilio signs them (X-Twilio-Signature).
 */
export class FakeTwilioServer {
  readonly creates: FakeTwilioCreate[] = [];
  private readonly resources = new Map<string, Resource>();
  private readonly hung = new Set<ServerResponse>();
  private next: NextCreate | undefined;
  /** Recordings by SID (their MP3's bytes), served at /2010-04-01/Accounts/<sid>/Recordings/<RE…>.mp3 with our credentials. */
  private readonly recordings = new Map<string, Buffer>();
  /** How many times each recording was downloaded. */
  readonly recordingDownloads = new Map<string, number>();

  private readonly server: Server;

  private constructor(
    readonly accountSid: string,
    readonly authToken: string,
  ) {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) answer(response, 500, twilioError(20500, `Fake Twilio failed: ${String(error)}`, 500));
      });
    });
  }

  static async start(credentials: { accountSid?: string; authToken?: string } = {}): Promise<FakeTwilioServer> {
    const fake = new FakeTwilioServer(credentials.accountSid ?? `AC${randomBytes(16).toString('hex')}`, credentials.authToken ?? randomBytes(16).toString('hex'));
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** Where the `twilio` library should send its requests instead of https://api.twilio.com. */
  get apiBaseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next create is refused: permanently (400, 21211 invalid 'To') or for now (503, 20503). */
  refuseNextCreate(permanent: boolean): void {
    this.next = { kind: 'refuse', permanent };
  }

  /** The next create is answered 429 (20429) with this Retry-After. */
  throttleNextCreate(retryAfterSeconds = 2): void {
    this.next = { kind: 'throttle', retryAfterSeconds };
  }

  /** The next create is carried out (the message or call exists, as at Twilio) but never answered. */
  hangNextCreate(): void {
    this.next = { kind: 'hang' };
  }

  /** The next create is carried out but answered with this server error (Twilio's 20500 case: it may have sent it). */
  failNextCreate(status = 500): void {
    this.next = { kind: 'fail', status };
  }

  /** The creates whose StatusCallback address names this delivery id (its last path segment). */
  createsFor(deliveryId: string): FakeTwilioCreate[] {
    return this.creates.filter((create) => {
      const url = create.params['StatusCallback'];
      if (typeof url !== 'string') return false;
      return decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '') === deliveryId;
    });
  }

  /**
   * Posts these status callbacks, one after the other, to the StatusCallback of the message or call
   * with this SID, each signed, and returns what the endpoint answered to each.
   */
  async postStatusCallbacks(sid: string, callbacks: readonly FakeStatusCallback[], options: PostOptions = {}): Promise<CallbackAnswer[]> {
    const resource = this.resources.get(sid);
    if (!resource) throw new Error(`The fake Twilio has no message or call ${sid}`);
    const url = resource.params['StatusCallback'];
    if (typeof url !== 'string') throw new Error(`${sid} was created without a StatusCallback`);
    const answers: CallbackAnswer[] = [];
    for (const callback of callbacks) {
      const { status, fields = {} } = typeof callback === 'string' ? { status: callback } : callback;
      answers.push(await this.post(url, { ...this.callbackForm(resource, status), ...fields }, options));
    }
    return answers;
  }

  /**
   * The call with this SID is answered: posts to its Url, signed, as Twilio asks for the call's TwiML,
   * with AnsweredBy when the call asked for answering-machine detection (MachineDetection; `human`
   * unless told), and returns what the endpoint answered (the TwiML). Its later status callbacks carry
   * AnsweredBy too.
   */
  async answerCall(sid: string, answeredBy = 'human', options: PostOptions = {}): Promise<CallbackAnswer> {
    const resource = this.resources.get(sid);
    if (!resource || resource.kind !== 'call') throw new Error(`The fake Twilio has no call ${sid}`);
    const url = resource.params['Url'];
    if (typeof url !== 'string') throw new Error(`${sid} was created with inline TwiML, not a Url`);
    if (resource.params['MachineDetection']) resource.answeredBy = answeredBy;
    return this.post(url, this.voiceRequestForm(resource), options);
  }

  /** A key pressed in the call with this SID: posted, signed, to a `<Gather>`'s action address (its TwiML's). */
  async pressKeys(sid: string, digits: string, actionUrl: string, options: PostOptions = {}): Promise<CallbackAnswer> {
    const resource = this.resources.get(sid);
    if (!resource || resource.kind !== 'call') throw new Error(`The fake Twilio has no call ${sid}`);
    return this.post(actionUrl, { ...this.voiceRequestForm(resource), Digits: digits, FinishedOnKey: '', msg: 'Gather End' }, options);
  }

  /** Posts an incoming SMS (someone texting one of our numbers) to a webhook address, signed. */
  async postIncomingMessage(url: string, message: { from: string; to: string; body: string }, options: PostOptions = {}): Promise<CallbackAnswer> {
    const sid = `SM${randomBytes(16).toString('hex')}`;
    return this.post(
      url,
      {
        AccountSid: this.accountSid,
        ApiVersion: '2010-04-01',
        Body: message.body,
        From: message.from,
        MessageSid: sid,
        NumMedia: '0',
        NumSegments: '1',
        SmsMessageSid: sid,
        SmsSid: sid,
        SmsStatus: 'received',
        To: message.to,
      },
      options,
    );
  }

  /**
   * Posts the key a called person pressed to a Gather action, signed, as Twilio does while the call is
   * in progress: to `actionUrl`, else to the action of the call's own TwiML (gatherActionOf).
   */
  async postGatherDigits(callSid: string, digits: string, actionUrl?: string, options: PostOptions = {}): Promise<CallbackAnswer> {
    const resource = this.resources.get(callSid);
    if (!resource || resource.kind !== 'call') throw new Error(`The fake Twilio has no call ${callSid}`);
    const twiml = resource.params['Twiml'];
    const url = actionUrl ?? (typeof twiml === 'string' ? gatherActionOf(twiml) : undefined);
    if (!url) throw new Error(`${callSid} asks for no key (its TwiML has no Gather action)`);
    const { CallbackSource: _source, SequenceNumber: _sequence, Timestamp: _timestamp, ...call } = this.callbackForm(resource, 'in-progress');
    return this.post(url, { ...call, Digits: digits, FinishedOnKey: '', msg: 'Gather End' }, options);
  }

  /**
   * X-Twilio-Signature as Twilio computes it: base64 of HMAC-SHA1, keyed with the auth token, over the
   * full address followed by each form field's name and value, sorted by name.
   */
  signatureOf(url: string, form: Readonly<Record<string, string>>): string {
    const data = Object.keys(form)
      .sort()
      .reduce((text, key) => text + key + form[key], url);
    return createHmac('sha1', this.authToken).update(data, 'utf8').digest('base64');
  }

  /**
   * A conference bridge's recording is complete: its audio is kept here (served to our credentials as
   * Twilio's API serves a recording's `.mp3`), and its recordingStatusCallback (the `<Conference>`'s, in
   * the TwiML given) is posted, signed. Returns the recording's SID and what the endpoint answered.
   */
  async completeRecording(
    conferenceTwiml: string,
    audio: Buffer,
    options: PostOptions & { durationSeconds?: number; recordingSid?: string; recordingUrl?: string } = {},
  ): Promise<{ recordingSid: string; answer: CallbackAnswer }> {
    const url = /<Conference\b[^>]*\brecordingStatusCallback="([^"]*)"/.exec(conferenceTwiml)?.[1]?.replace(/&amp;/g, '&');
    if (!url) throw new Error('The TwiML records no conference (no recordingStatusCallback)');
    // The same SID again: Twilio reporting a recording a second time.
    const recordingSid = options.recordingSid ?? `RE${randomBytes(16).toString('hex')}`;
    this.recordings.set(recordingSid, audio);
    const form = {
      AccountSid: this.accountSid,
      ConferenceSid: `CF${randomBytes(16).toString('hex')}`,
      RecordingSid: recordingSid,
      RecordingUrl: options.recordingUrl ?? `${this.apiBaseUrl}/2010-04-01/Accounts/${this.accountSid}/Recordings/${recordingSid}`,
      RecordingStatus: 'completed',
      RecordingDuration: String(options.durationSeconds ?? 42),
      RecordingChannels: '1',
      RecordingSource: 'StartConferenceAPI',
      RecordingStartTime: new Date().toUTCString(),
    };
    return { recordingSid, answer: await this.post(url, form, options) };
  }

  async close(): Promise<void> {
    for (const response of this.hung) response.destroy();
    this.hung.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async post(url: string, form: Record<string, string>, options: PostOptions): Promise<CallbackAnswer> {
    const signature = this.signatureOf(url, form);
    options.tamper?.(form);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
        'User-Agent': 'TwilioProxy/1.1',
        'I-Twilio-Idempotency-Token': randomUUID(),
        ...(options.unsigned ? {} : { 'X-Twilio-Signature': signature }),
      },
      body: new URLSearchParams(form).toString(),
    });
    return { status: response.status, body: await response.text() };
  }

  /** What Twilio posts to a call's TwiML addresses (its Url, a Gather action) while the call is in progress. */
  private voiceRequestForm(resource: Resource): Record<string, string> {
    const param = (name: string) => {
      const value = resource.params[name];
      return typeof value === 'string' ? value : '';
    };
    return {
      AccountSid: this.accountSid,
      ApiVersion: '2010-04-01',
      CallSid: resource.sid,
      CallStatus: 'in-progress',
      Called: param('To'),
      Caller: param('From'),
      Direction: 'outbound-api',
      From: param('From'),
      To: param('To'),
      ...(resource.answeredBy ? { AnsweredBy: resource.answeredBy } : {}),
    };
  }

  private callbackForm(resource: Resource, status: string): Record<string, string> {
    const param = (name: string) => {
      const value = resource.params[name];
      return typeof value === 'string' ? value : '';
    };
    const failed = ['undelivered', 'failed'].includes(status);
    if (resource.kind === 'message') {
      return {
        AccountSid: this.accountSid,
        ApiVersion: '2010-04-01',
        From: param('From'),
        To: param('To'),
        MessageSid: resource.sid,
        SmsSid: resource.sid,
        MessageStatus: status,
        SmsStatus: status,
        ...(param('MessagingServiceSid') ? { MessagingServiceSid: param('MessagingServiceSid') } : {}),
        ...(failed ? { ErrorCode: '30003' } : {}),
      };
    }
    resource.sequence += 1;
    return {
      AccountSid: this.accountSid,
      ApiVersion: '2010-04-01',
      CallSid: resource.sid,
      CallStatus: status,
      Called: param('To'),
      Caller: param('From'),
      From: param('From'),
      To: param('To'),
      Direction: 'outbound-api',
      CallbackSource: 'call-progress-events',
      SequenceNumber: String(resource.sequence - 1),
      Timestamp: rfc2822(new Date()),
      ...(status === 'completed' ? { CallDuration: '12', Duration: '1' } : {}),
      ...(resource.answeredBy ? { AnsweredBy: resource.answeredBy } : {}),
    };
  }

  private serveRecording(request: IncomingMessage, response: ServerResponse, account: string, sid: string): void {
    if (request.headers.authorization !== `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`) {
      return answer(response, 401, twilioError(20003, 'Authenticate', 401));
    }
    const audio = account === this.accountSid ? this.recordings.get(sid) : undefined;
    if (!audio) return answer(response, 404, twilioError(20404, `The requested resource ${sid} was not found`, 404));
    this.recordingDownloads.set(sid, (this.recordingDownloads.get(sid) ?? 0) + 1);
    response.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': String(audio.length) });
    response.end(audio);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.apiBaseUrl);
    const recording = /^\/2010-04-01\/Accounts\/([^/]+)\/Recordings\/(RE[0-9a-f]{32})\.mp3$/.exec(url.pathname);
    if (recording) return this.serveRecording(request, response, recording[1]!, recording[2]!);
    const route = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)(?:\/([^/]+))?\.json$/.exec(url.pathname);
    if (!route) return answer(response, 404, twilioError(20404, `The requested resource ${url.pathname} was not found`, 404));
    if (request.headers.authorization !== `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`) {
      return answer(response, 401, twilioError(20003, 'Authenticate', 401));
    }
    const [, account, collection, sid] = route;
    if (account !== this.accountSid) return answer(response, 404, twilioError(20404, `The requested resource ${url.pathname} was not found`, 404));
    const kind = collection === 'Messages' ? 'message' : 'call';

    if (request.method === 'GET' && sid) {
      const resource = this.resources.get(sid);
      if (!resource || resource.kind !== kind) return answer(response, 404, twilioError(20404, `The requested resource ${url.pathname} was not found`, 404));
      return answer(response, 200, this.json(resource));
    }
    if (request.method === 'GET') return answer(response, 200, this.page(kind, url));
    if (request.method !== 'POST' || sid) return answer(response, 405, twilioError(20004, 'Method not allowed', 405));

    const params = formOf(await bodyOf(request));
    const next = this.next;
    this.next = undefined;
    const record = (answered: number | 'none', createdSid?: string) => this.creates.push({ kind, params, answer: answered, ...(createdSid ? { sid: createdSid } : {}) });

    if (next?.kind === 'refuse') {
      record(next.permanent ? 400 : 503);
      return next.permanent
        ? answer(response, 400, twilioError(21211, `Invalid 'To' Phone Number: ${String(params['To'] ?? '')}`, 400))
        : answer(response, 503, twilioError(20503, 'Service unavailable', 503));
    }
    if (next?.kind === 'throttle') {
      record(429);
      response.setHeader('Retry-After', String(next.retryAfterSeconds));
      return answer(response, 429, twilioError(20429, 'Too Many Requests', 429));
    }
    const invalid = kind === 'message' ? invalidMessage(params) : invalidCall(params);
    if (invalid) {
      record(400);
      return answer(response, 400, twilioError(invalid.code, invalid.message, 400));
    }
    const resource: Resource = { kind, sid: `${kind === 'message' ? 'SM' : 'CA'}${randomBytes(16).toString('hex')}`, createdAt: new Date(), params, sequence: 0 };
    this.resources.set(resource.sid, resource);
    if (next?.kind === 'hang') {
      record('none', resource.sid);
      this.hung.add(response);
      return;
    }
    if (next?.kind === 'fail') {
      record(next.status, resource.sid);
      return answer(response, next.status, twilioError(20500, 'Internal Server Error', next.status));
    }
    record(201, resource.sid);
    return answer(response, 201, this.json(resource));
  }

  private page(kind: 'message' | 'call', url: URL): Record<string, unknown> {
    const to = url.searchParams.get('To');
    const from = url.searchParams.get('From');
    const pageSize = Math.min(Number(url.searchParams.get('PageSize') ?? 50) || 50, 1000);
    const matches = [...this.resources.values()]
      .filter((resource) => resource.kind === kind && (!to || resource.params['To'] === to) && (!from || resource.params['From'] === from))
      .reverse()
      .slice(0, pageSize);
    const key = kind === 'message' ? 'messages' : 'calls';
    const uri = `${url.pathname}${url.search}`;
    return {
      [key]: matches.map((resource) => this.json(resource)),
      end: Math.max(matches.length - 1, 0),
      first_page_uri: uri,
      next_page_uri: null,
      page: 0,
      page_size: pageSize,
      previous_page_uri: null,
      start: 0,
      uri,
    };
  }

  /** A Message or Call resource as Twilio's API shows it (no StatusCallback, nothing else of ours). */
  private json(resource: Resource): Record<string, unknown> {
    const param = (name: string) => {
      const value = resource.params[name];
      return typeof value === 'string' ? value : null;
    };
    const created = rfc2822(resource.createdAt);
    const uri = `${API}/Accounts/${this.accountSid}/${resource.kind === 'message' ? 'Messages' : 'Calls'}/${resource.sid}.json`;
    if (resource.kind === 'message') {
      return {
        account_sid: this.accountSid,
        api_version: '2010-04-01',
        body: param('Body'),
        date_created: created,
        date_sent: null,
        date_updated: created,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: param('From'),
        messaging_service_sid: param('MessagingServiceSid'),
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid: resource.sid,
        status: param('MessagingServiceSid') ? 'accepted' : 'queued',
        subresource_uris: { media: uri.replace(/\.json$/, '/Media.json') },
        to: param('To'),
        uri,
      };
    }
    return {
      account_sid: this.accountSid,
      annotation: null,
      answered_by: resource.answeredBy ?? null,
      api_version: '2010-04-01',
      caller_name: null,
      date_created: created,
      date_updated: created,
      direction: 'outbound-api',
      duration: null,
      end_time: null,
      forwarded_from: null,
      from: param('From'),
      from_formatted: param('From'),
      group_sid: null,
      parent_call_sid: null,
      phone_number_sid: null,
      price: null,
      price_unit: 'USD',
      queue_time: '0',
      sid: resource.sid,
      start_time: null,
      status: 'queued',
      subresource_uris: { events: uri.replace(/\.json$/, '/Events.json') },
      to: param('To'),
      to_formatted: param('To'),
      trunk_sid: null,
      uri,
    };
  }
}

function invalidMessage(params: Readonly<Record<string, string | readonly string[]>>): { code: number; message: string } | undefined {
  const to = params['To'];
  if (typeof to !== 'string' || !to) return { code: 21604, message: "A 'To' phone number is required." };
  if (!params['From'] && !params['MessagingServiceSid']) return { code: 21603, message: "A 'From' phone number is required." };
  if (!params['Body'] && !params['MediaUrl'] && !params['ContentSid']) return { code: 21602, message: 'Message body is required.' };
  if (!E164.test(to)) return { code: 21211, message: `Invalid 'To' Phone Number: ${to}` };
  return undefined;
}

function invalidCall(params: Readonly<Record<string, string | readonly string[]>>): { code: number; message: string } | undefined {
  const to = params['To'];
  if (typeof to !== 'string' || !to) return { code: 21201, message: "No 'To' number is specified" };
  if (!params['From']) return { code: 21213, message: "No 'From' number is specified" };
  if (!params['Url'] && !params['Twiml'] && !params['ApplicationSid']) return { code: 21205, message: 'Url parameter is required.' };
  if (!E164.test(to)) return { code: 21217, message: 'Phone number does not appear to be valid' };
  return undefined;
}

function twilioError(code: number, message: string, status: number): Record<string, unknown> {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function formOf(body: string): Record<string, string | readonly string[]> {
  const form: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const existing = form[key];
    form[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return form;
}

/** Twilio's date format: "Wed, 27 Nov 2024 10:15:00 +0000". */
function rfc2822(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}
