import type { IHeaders, KafkaMessage, Message } from 'kafkajs';
import type { BusMessage, OutgoingMessage } from '../../bus';
import { decodeValue, encodeValue } from '../../message-codec';

export function toKafkaMessage(message: OutgoingMessage): Message {
  return { key: message.key, value: encodeValue(message.value), headers: { ...message.headers } };
}

export function fromKafkaMessage<T>(topic: string, partition: number, message: KafkaMessage): BusMessage<T> {
  return {
    topic,
    key: message.key?.toString('utf8') ?? '',
    value: decodeValue<T>(message.value?.toString('utf8') ?? 'null'),
    headers: decodeHeaders(message.headers),
    partition,
    offset: message.offset,
  };
}

function decodeHeaders(headers: IHeaders | undefined): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    // Kafka allows a header to repeat; this bus writes each once, so the last occurrence wins.
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (last !== undefined) decoded[name] = last.toString();
  }
  return decoded;
}
