import { Controller, HttpCode, Inject, Logger, Param, Post, Req, Res, ServiceUnavailableException } from '@nestjs/common';
import { ROUTES } from '@beacon/contracts';
import { conferenceReplyOf, forbidden, notFound, validationError } from '@beacon/domain';
import { PLATFORM_CONFIG, Public, rawFormBodyOf, type PlatformConfig } from '@beacon/platform';
import type { Request, Response } from 'express';
import { failoverMessageIdOf } from '../channels/failover/failover-message-id';
import { conferenceRecordingCallbackUrlOf, parseConferenceCallback, parseRecordingCallback } from '../channels/twilio/conference-callback';
import { ConferenceRecorder, RecordingRefusedError, RecordingUnavailableError } from '../conference/conference-recorder';
import { conferenceAnswerTwiml, conferenceChoiceTwiml } from '../channels/twilio/conference-twiml';
import { ConferenceCalls } from '../conference/conference-calls';
import { DeliveryReportRecorder } from '../reports/delivery-report-recorder';
import { NO_SUCH_DELIVERY_MESSAGE, SIGNATURE_REFUSED_MESSAGE, TWILIO_OFF_MESSAGE } from './twilio-callbacks.controller';
import { sessionOfDelivery, SessionTenants } from './session-tenants';

export const NOT_A_CONFERENCE_MESSAGE = 'This delivery is not a call of a conference message.';

/**
 * The calls of a conference message (domain conference.ts): Twilio asks here what to do when a call is
 * answered, and again when the person presses a key. Public, like the other Twilio callbacks: the
 * X-Twilio-Signature over PUBLIC_URL and the path, and the form as sent, is checked first (either of
 * our accounts). The organisation and the conference are the session's, found by the delivery id in
 * the address. A key 1 or 2 is recorded as the delivery's reply before the TwiML is answered, so a
 * failed store is Twilio's to retry (it then plays its error message and the call ends).
 */
@Controller()
export class TwilioConferenceController {
  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Inject(DeliveryReportRecorder) private readonly reports: DeliveryReportRecorder,
    @Inject(SessionTenants) private readonly tenants: SessionTenants,
    @Inject(ConferenceCalls) private readonly conferences: ConferenceCalls,
    @Inject(ConferenceRecorder) private readonly recorder: ConferenceRecorder,
  ) {}

  private readonly logger = new Logger('ConferenceRecordings');

  @Public()
  @Post(ROUTES.twilioConferenceCall.path)
  @HttpCode(200)
  async call(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<string> {
    const twilio = this.config.channelProviders.twilio;
    if (!twilio) throw notFound(TWILIO_OFF_MESSAGE);
    const failoverToken = this.config.channelProviders.failover?.twilio?.authToken;
    const raw = rawFormBodyOf(request);
    const body: unknown = request.body;
    // The address Twilio called, as Twilio saw it: the public base and the path as sent.
    const url = `${this.config.publicUrl}${request.originalUrl}`;
    const callback = parseConferenceCallback(
      { url, headers: request.headers, body: raw ?? (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : '') },
      { first: twilio.authToken, ...(failoverToken === undefined ? {} : { failover: failoverToken }) },
    );
    if (callback.kind === 'forbidden') throw forbidden(SIGNATURE_REFUSED_MESSAGE);
    if (callback.kind === 'invalid') throw validationError(`${callback.reason}.`);

    const sessionId = sessionOfDelivery(callback.deliveryId);
    if (!sessionId) throw validationError('The address names no delivery.');
    const tenantId = await this.tenants.of(sessionId);
    if (!tenantId) throw notFound(NO_SUCH_DELIVERY_MESSAGE);
    const conference = await this.conferences.of(sessionId);
    if (!conference) throw notFound(NOT_A_CONFERENCE_MESSAGE);

    // The key's action is this same address (without a query: Twilio adds nothing of its own).
    const action = url.split('?')[0]!;
    let twiml: string;
    if (callback.kind === 'answered') twiml = conferenceAnswerTwiml(conference, callback.answeredBy, action);
    else {
      const reply = conferenceReplyOf(callback.digits.trim());
      if (reply) {
        const providerMessageId = callback.account === 'failover' ? failoverMessageIdOf(callback.callSid) : callback.callSid;
        await this.reports.record(tenantId, sessionId, { deliveryId: callback.deliveryId, providerMessageId, status: 'replied', reply, at: new Date().toISOString() });
      }
      twiml = conferenceChoiceTwiml(conference, callback.digits.trim(), action, conferenceRecordingCallbackUrlOf(this.config.publicUrl, sessionId));
    }
    response.type('text/xml; charset=utf-8');
    return twiml;
  }

  /**
   * Twilio's report of a bridge's recording (its recordingStatusCallback): a completed one is copied
   * into the organisation's files and kept on the session (conference-recorder.ts) before the answer,
   * so a failed copy is answered 503 for Twilio to report again; any other status is acknowledged.
   */
  @Public()
  @Post(ROUTES.twilioConferenceRecording.path)
  @HttpCode(204)
  async recording(@Req() request: Request, @Param('session_id') sessionId: string): Promise<void> {
    const twilio = this.config.channelProviders.twilio;
    if (!twilio) throw notFound(TWILIO_OFF_MESSAGE);
    const failoverToken = this.config.channelProviders.failover?.twilio?.authToken;
    const raw = rawFormBodyOf(request);
    const body: unknown = request.body;
    const callback = parseRecordingCallback(
      { url: `${this.config.publicUrl}${request.originalUrl}`, headers: request.headers, body: raw ?? (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : '') },
      { first: twilio.authToken, ...(failoverToken === undefined ? {} : { failover: failoverToken }) },
    );
    if (callback.kind === 'forbidden') throw forbidden(SIGNATURE_REFUSED_MESSAGE);
    if (callback.kind === 'invalid') throw validationError(`${callback.reason}.`);
    if (callback.kind === 'other') return;
    const tenantId = await this.tenants.of(sessionId);
    if (!tenantId) throw notFound(NO_SUCH_DELIVERY_MESSAGE);
    if (!(await this.conferences.of(sessionId))) throw notFound(NOT_A_CONFERENCE_MESSAGE);
    try {
      await this.recorder.saveFromTwilio(tenantId, sessionId, callback);
    } catch (error) {
      if (error instanceof RecordingRefusedError) throw validationError(error.message);
      if (error instanceof RecordingUnavailableError) {
        this.logger.warn(`Session ${sessionId}: recording ${callback.recordingSid} not kept yet: ${error.message}`);
        throw new ServiceUnavailableException(error.message);
      }
      throw error;
    }
  }
}
