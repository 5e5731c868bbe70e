import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Bus } from '@beacon/bus';
import { dispatchTopic, type DispatchJob } from '@beacon/contracts';
import {
  foldEvents,
  messageSessionDecider,
  messageSessionStream,
  quickReportChannel,
  quickReportContent,
  quickReportCountsOf,
  quickReportDecider,
  quickReportDeliveryId,
  quickReportId,
  quickReportStream,
  settingsWithDefaults,
  SMS_QUICK_REPORTS_OFF,
  type MessageSessionEvent,
  type MessageSessionOrigin,
  type PlannedDelivery,
  type QuickReportData,
  type QuickReportEvent,
} from '@beacon/domain';
import { BUS, CommandExecutor, READ_STORE } from '@beacon/platform';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { ProjectionHost } from '../../shared/projections/projection-host';
import { CONTACT_FIELDS, type ContactFieldDocument } from '../../shared/read-models/contact-fields.read-model';
import { CUSTOMER_GROUPS, type CustomerGroupDocument } from '../../shared/read-models/customer-groups.read-model';
import { MESSAGE_SESSIONS, type MessageSessionDocument } from '../../shared/read-models/message-sessions.read-model';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { laneOf } from '../planning/session-plan';
import { SessionProgressReader } from '../session-progress';
import { QUICK_REPORT_WORK, type QuickReportWorkDocument } from './quick-report-work.projection';
import { WorkLoop } from '../../shared/work/work-loop';

const ROUND_MS = 500;
const PER_ROUND = 20;
/** How long a report waits for the read models to reach its session's completion (its counts are read there). */
const CAUGHT_UP_WAIT_MS = 10_000;
const SMS_FIELD_TYPES = ['PHONE(SMS)', 'PHONE(SMS&VOICE)'];

/**
 * Sends the quick reports that have fallen due (quick-report.ts), from their work list, so a restart
 * carries them on: the report is written once with the session's counts and its recipients' addresses
 * (QuickReportQueued), its jobs go on the session's lane under the report's own id (they never count in
 * the session's progress), and QuickReportDispatched takes it off the list. A restart before that
 * queues the same jobs again; the workers' ledger sends each delivery once.
 */
@Injectable()
export class QuickReportWork extends WorkLoop {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(ProjectionHost) private readonly projections: ProjectionHost,
    @Inject(SessionProgressReader) private readonly progress: SessionProgressReader,
  ) {
    super(new Logger('QuickReportWork'), ROUND_MS, 'Quick reports');
  }

  /** One round over the reports due (exposed so tests can drive it). */
  async round(): Promise<void> {
    const work = this.readStore.scope(SYSTEM_TENANT).collection<QuickReportWorkDocument>(QUICK_REPORT_WORK);
    for (const due of await work.find({}, { sort: { due_at: 1 }, limit: PER_ROUND })) {
      try {
        await this.send(due.tenant_id, due._id);
      } catch (error) {
        this.logger.error(`The quick report of session ${due._id} will be tried again: ${error instanceof Error ? error.stack : String(error)}`);
      }
    }
  }

  private async send(tenantId: string, sessionId: string): Promise<void> {
    const history = await this.executor.readStreamOrEmpty(messageSessionStream(sessionId));
    const state = foldEvents(messageSessionDecider, history.map((event) => ({ type: event.type, data: event.data }) as MessageSessionEvent));
    if (state.status === 'none') return;
    const context = { tenantId, customerGroupId: state.origin.customerGroupId, actorUserId: null, correlationId: sessionId };
    const reportEvents = await this.executor.readStreamOrEmpty(quickReportStream(sessionId));
    let report = foldEvents(quickReportDecider, reportEvents.map((event) => ({ type: event.type, data: event.data }) as QuickReportEvent)).report;
    if (!report) {
      const due = history.find((event) => event.type === 'MessageSessionQuickReportDue');
      if (due && !(await this.projections.runner.waitFor(due.position, CAUGHT_UP_WAIT_MS))) return;
      const written = await this.executor.execute(quickReportStream(sessionId), quickReportDecider, { type: 'QueueQuickReport', data: await this.reportOf(tenantId, state.origin) }, { ...context, acceptedAt: new Date() });
      report = written.state.report;
    }
    if (!report) return;
    if (report.deliveries.length) await this.publish(tenantId, state.origin, report);
    await this.executor.execute(quickReportStream(sessionId), quickReportDecider, { type: 'RecordQuickReportDispatched', data: { sessionId, at: new Date().toISOString() } }, { ...context, acceptedAt: new Date() });
  }

  /** The report as the read models hold the session now: its counts, what it says, and where each recipient gets it. */
  private async reportOf(tenantId: string, origin: MessageSessionOrigin): Promise<QuickReportData> {
    const tenant = this.readStore.scope(tenantId);
    const { sessionId, scenario } = origin;
    const session = await tenant.collection<MessageSessionDocument>(MESSAGE_SESSIONS).findOne({ _id: sessionId });
    const counts = quickReportCountsOf(session?.recipients ?? 0, session ? await this.progress.of(tenantId, session) : { queued: 0, sending: 0, sent: 0, delivered: 0, failed: 0, replied: 0, unknown: 0 });
    const content = quickReportContent(scenario.scenario_name, counts);
    const groups = tenant.collection<CustomerGroupDocument>(CUSTOMER_GROUPS);
    const [group, root] = await Promise.all([groups.findOne({ _id: origin.customerGroupId }), groups.findOne({ _id: tenantId })]);
    const settings = settingsWithDefaults(group?.settings ?? {});
    const smsAllowed = settings.sms_quick_reports && (root?.root_customer_group_permissions ?? []).includes('SMS quick reports');
    const { type, recipients } = scenario.quick_report;
    const channel = quickReportChannel(type, smsAllowed);
    const users = await tenant.collection<UserDocument>(USERS).find({ _id: { $in: [...recipients] } }, { projection: { _id: 1, email: 1, field_values: 1 } });
    const addressOf = channel === 'EMAIL' ? (user: UserDocument) => user.email?.trim() || null : await this.smsNumbers(tenantId, origin);
    const deliveries: PlannedDelivery[] = [];
    for (const user of users) {
      const address = addressOf(user);
      if (address) deliveries.push({ deliveryId: quickReportDeliveryId(sessionId, user._id, channel), recipientId: user._id, deviceId: channel.toLowerCase(), channel, address });
    }
    const reached = new Set(deliveries.map((delivery) => delivery.recipientId));
    return {
      sessionId,
      reportId: quickReportId(sessionId),
      type,
      channel,
      note: type === 'sms' && channel === 'EMAIL' ? SMS_QUICK_REPORTS_OFF : null,
      counts,
      subject: content.subject,
      text: channel === 'SMS' ? content.sms : content.email,
      deliveries,
      unreachable: recipients.filter((id) => !reached.has(id)),
      at: new Date().toISOString(),
    };
  }

  /** A recipient's SMS number: the first value of the message's own SMS devices, else of any SMS phone field of the tenant. */
  private async smsNumbers(tenantId: string, origin: MessageSessionOrigin): Promise<(user: UserDocument) => string | null> {
    const own = origin.scenario.devices.filter((device) => device.dispatch_type === 'SMS').map((device) => device.field_id);
    const fields = await this.readStore.scope(tenantId).collection<ContactFieldDocument>(CONTACT_FIELDS).find({ field_type: { $in: SMS_FIELD_TYPES } }, { projection: { _id: 1 } });
    const order = [...new Set([...own, ...fields.map((field) => field._id)])];
    return (user) => {
      const values = new Map((user.field_values ?? []).map((entry) => [entry.field, entry.values]));
      for (const field of order) {
        const number = values.get(field)?.find((value) => value.trim() !== '')?.trim();
        if (number) return number;
      }
      return null;
    };
  }

  /** The report's jobs, on the session's lane (a test message's report on the test lane). */
  private async publish(tenantId: string, origin: MessageSessionOrigin, report: QuickReportData): Promise<void> {
    const lane = laneOf(origin, true);
    const group = await this.readStore.scope(tenantId).collection<CustomerGroupDocument>(CUSTOMER_GROUPS).findOne({ _id: origin.customerGroupId });
    const sender = settingsWithDefaults(group?.settings ?? {}).default_sms_sender_name.trim();
    const messages = report.deliveries.map((delivery) => {
      const job: DispatchJob = {
        deliveryId: delivery.deliveryId,
        tenantId,
        sessionId: report.reportId,
        page: 0,
        lane,
        recipientId: delivery.recipientId,
        channel: delivery.channel,
        address: delivery.address,
        text: report.text,
        ...(delivery.channel === 'EMAIL' ? { subject: report.subject } : {}),
        ...(delivery.channel === 'SMS' && sender ? { from: sender } : {}),
      };
      return { key: delivery.recipientId, value: job };
    });
    await this.bus.publishBatch(dispatchTopic(lane), messages);
  }
}
