import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { EMAIL_OUTBOX_COLLECTION } from '@beacon/contracts';
import type { Suppression } from '@beacon/domain';
import { loadPlatformConfig } from '@beacon/platform';
import { SqliteReadStore } from '@beacon/read-store';
import type { UserLookup } from '../../accounts/user-lookup';
import type { AccountEmail } from '../email-channel';
import type { EmailSuppressions, SuppressionReport } from '../email-suppressions';
import type { EmailTransport, EmailTransportOutcome } from '../email-transport';
import { OutboxEmailChannel } from './outbox-email.channel';

const LINK = 'http://localhost/ui/reset/u1/secret-token';
const email: AccountEmail = {
  tenantId: 'tenant-1',
  kind: 'welcome',
  to: 'ann@example.test',
  subject: 'Welcome',
  text: `Set your password: ${LINK}`,
  secrets: [LINK],
};
const NOW = new Date('2026-03-01T10:00:00.000Z');

/** A transport that answers each attempt with the next outcome given. */
function scriptedTransport(...outcomes: EmailTransportOutcome[]) {
  const attempts: string[] = [];
  const transport: EmailTransport = {
    async deliver(sent) {
      attempts.push(sent.to);
      return outcomes[Math.min(attempts.length - 1, outcomes.length - 1)]!;
    },
    async close() {},
  };
  return { transport, attempts };
}

const later = (reason = '451 4.3.0 Try again later'): EmailTransportOutcome => ({ status: 'failed', permanent: false, badMailbox: false, reason });
const refused = (badMailbox: boolean, reason = '550 5.1.1 User unknown'): EmailTransportOutcome => ({ status: 'failed', permanent: true, badMailbox, reason });

const stores: SqliteReadStore[] = [];
beforeAll(() => Logger.overrideLogger(false));
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

function channelWith(transport: EmailTransport, options: { suppressed?: Suppression; retryDelays?: string } = {}) {
  const readStore = SqliteReadStore.open({ path: ':memory:' });
  stores.push(readStore);
  const suppressed: { email: string; report: SuppressionReport; userId: string | null }[] = [];
  const suppressions = {
    find: async () => options.suppressed ?? null,
    suppress: async (_rootId: string, address: string, userId: string | null, report: SuppressionReport) => {
      suppressed.push({ email: address, report, userId });
      return 1;
    },
  } as unknown as EmailSuppressions;
  const users = { userIdByEmail: async () => 'u1', state: async () => ({ status: 'registered', customerGroupId: 'g1' }) } as unknown as UserLookup;
  const config = loadPlatformConfig({ EMAIL_RETRY_DELAYS_MS: options.retryDelays ?? '1,1' });
  const channel = new OutboxEmailChannel(readStore, config, transport, suppressions, users);
  const outbox = async () => readStore.scope('tenant-1').collection(EMAIL_OUTBOX_COLLECTION).find({});
  return { channel, outbox, suppressed };
}

describe('the account email channel (outbox, suppression list, bounded retries)', () => {
  it('records a sent email in the outbox with its link hidden', async () => {
    const { transport, attempts } = scriptedTransport({ status: 'sent' });
    const { channel, outbox } = channelWith(transport);
    await channel.send(email, NOW);
    expect(attempts).toHaveLength(1);
    const [entry] = await outbox();
    expect(entry).toMatchObject({ kind: 'welcome', to: 'ann@example.test', status: 'sent', failure: null, attempts: 1 });
    expect(entry!.text).toBe('Set your password: [link hidden: only the recipient gets it]');
  });

  it('tries a "try later" answer again after each configured wait, and sends when the server takes it', async () => {
    const { transport, attempts } = scriptedTransport(later(), later(), { status: 'sent' });
    const { channel, outbox } = channelWith(transport);
    await channel.send(email, NOW);
    expect(attempts).toHaveLength(3);
    expect((await outbox())[0]).toMatchObject({ status: 'sent', failure: null, attempts: 3 });
  });

  it('gives up after the last wait, saying so with the last answer', async () => {
    const { transport, attempts } = scriptedTransport(later());
    const { channel, outbox } = channelWith(transport, { retryDelays: '1,1,1' });
    await channel.send(email, NOW);
    expect(attempts).toHaveLength(4);
    expect((await outbox())[0]).toMatchObject({ status: 'failed', failure: 'Gave up after 4 attempts. Last answer: 451 4.3.0 Try again later', attempts: 4 });
  });

  it('does not retry a permanent refusal; a refused message leaves the address alone', async () => {
    const { transport, attempts } = scriptedTransport(refused(false, '554 5.7.1 Rejected as spam'));
    const { channel, outbox, suppressed } = channelWith(transport);
    await channel.send(email, NOW);
    expect(attempts).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: 'failed', failure: '554 5.7.1 Rejected as spam', attempts: 1 });
    expect(suppressed).toEqual([]);
  });

  it('suppresses an address whose mailbox the server refused for good (a bounce)', async () => {
    const { transport } = scriptedTransport(refused(true));
    const { channel, suppressed } = channelWith(transport);
    await channel.send(email, NOW);
    expect(suppressed).toEqual([{ email: 'ann@example.test', userId: 'u1', report: { reason: 'bounce', detail: '550 5.1.1 User unknown', source: 'smtp' } }]);
  });

  it('sends nothing to a suppressed address, and records why', async () => {
    const { transport, attempts } = scriptedTransport({ status: 'sent' });
    const suppression: Suppression = { reason: 'complaint', detail: 'spam', source: 'provider_callback', suppressedAt: '2026-02-01T00:00:00.000Z' };
    const { channel, outbox } = channelWith(transport, { suppressed: suppression });
    await channel.send(email, NOW);
    expect(attempts).toEqual([]);
    expect((await outbox())[0]).toMatchObject({
      status: 'suppressed',
      failure: 'Not sent: ann@example.test is on the suppression list (complaint since 2026-02-01T00:00:00.000Z).',
    });
  });

  it('stops waiting when the app stops, recording the email as failed', async () => {
    const { transport, attempts } = scriptedTransport(later());
    const { channel, outbox } = channelWith(transport, { retryDelays: '60000' });
    const sending = channel.send(email, NOW);
    while (attempts.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await channel.onModuleDestroy();
    await sending;
    expect((await outbox())[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await outbox())[0]!.failure).toContain('Not tried again: the server stopped');
  });
});
