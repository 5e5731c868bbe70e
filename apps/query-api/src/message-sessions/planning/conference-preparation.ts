import { randomBytes } from 'node:crypto';
import { conferenceBridgeName, messageSessionConferenceDecider, messageSessionConferenceStream, type MessageSessionOrigin } from '@beacon/domain';
import type { CommandExecutor } from '@beacon/platform';
import type { SessionPlanContext } from './session-plan';

/**
 * Writes a conference session's script and bridge (domain conference.ts) once, before any of its calls
 * is queued, so the dispatch workers find it when they call and when a call answers. A planner that
 * resumes, or a second one, finds it written: every call joins the same bridge.
 */
export async function prepareConference(executor: CommandExecutor, tenantId: string, origin: MessageSessionOrigin, context: SessionPlanContext): Promise<void> {
  if (!context.conference) return;
  const { sessionId } = origin;
  await executor.execute(
    messageSessionConferenceStream(sessionId),
    messageSessionConferenceDecider,
    {
      type: 'PrepareMessageSessionConference',
      data: { sessionId, bridge: conferenceBridgeName(randomBytes(16).toString('hex')), ...context.conference, at: new Date().toISOString() },
    },
    { tenantId, customerGroupId: origin.customerGroupId, actorUserId: null, correlationId: sessionId, acceptedAt: new Date() },
  );
}
