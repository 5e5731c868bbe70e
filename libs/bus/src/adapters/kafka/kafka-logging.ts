import { logLevel, type LogEntry, type logCreator } from 'kafkajs';

/**
 * Error responses kafkajs logs at ERROR level although a consumer group produces them in normal
 * operation: every rebalance answers heartbeats with REBALANCE_IN_PROGRESS, a JoinGroup first asks
 * for a member id, an evicted member is told it is unknown (the runner logs its own rejoin). kafkajs
 * handles them all by rejoining.
 */
const ROUTINE_RESPONSE_ERRORS = new Set([
  'The group is rebalancing, so a rejoin is needed',
  'The coordinator is not aware of this member',
  'The group member needs to have a valid member id before actually entering a consumer group',
]);

/** Whether an entry is kafkajs reporting a routine error response (see above) rather than a problem. */
export function isRoutine({ namespace, log }: LogEntry): boolean {
  if (namespace !== 'Connection' || !log.message.startsWith('Response ')) return false;
  const error: unknown = log['error'];
  // CreateTopics: "already exists" is expected when several clients create a topic; any other failure reaches the caller.
  return log.message.startsWith('Response CreateTopics') || (typeof error === 'string' && ROUTINE_RESPONSE_ERRORS.has(error));
}

/** kafkajs's own console format (one JSON object per line), minus the routine error responses. */
export const quietLogCreator: logCreator = () => (entry) => {
  if (isRoutine(entry)) return;
  const { namespace, level, label, log } = entry;
  const line = JSON.stringify({ level: label, ...log, message: `${namespace ? `[${namespace}] ` : ''}${log.message}` });
  if (level === logLevel.ERROR) console.error(line);
  else if (level === logLevel.WARN) console.warn(line);
  else if (level === logLevel.INFO) console.info(line);
  else console.log(line);
};
