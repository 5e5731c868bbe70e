import { logLevel } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { BusUnavailableError } from '../../bus';
import { runBusContract } from '../../testing/bus.contract';
import { KafkaBus } from './kafka-bus.adapter';

const brokers = process.env['KAFKA_BROKERS']?.split(',').map((broker) => broker.trim()).filter(Boolean) ?? [];

if (brokers.length > 0) {
  // Short sessions (the broker's minimum is 6 s) so the crash test's dead member is dropped quickly.
  runBusContract('kafka', () =>
    KafkaBus.connect({ brokers, clientId: 'bus-contract', sessionTimeoutMs: 6_000, heartbeatIntervalMs: 500 }),
  );
} else {
  console.log('skipped: no Kafka (KAFKA_BROKERS unset; testcontainers needs a Docker engine, none reachable)');
  describe.skip('kafka', () => runBusContract('kafka', () => KafkaBus.connect({ brokers })));
}

describe('KafkaBus without a reachable cluster', () => {
  it('fails to connect with BusUnavailableError', async () => {
    const connecting = KafkaBus.connect({
      brokers: ['127.0.0.1:1'],
      clientId: 'bus-unreachable',
      logLevel: logLevel.NOTHING,
    });

    await expect(connecting).rejects.toBeInstanceOf(BusUnavailableError);
    await expect(connecting).rejects.toThrow(/ECONNREFUSED/);
  }, 30_000);
});
