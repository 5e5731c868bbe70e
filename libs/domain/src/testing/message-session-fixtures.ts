import { EMPTY_RECIPIENTS, deviceId, newScenarioDraft, type ScenarioDraft } from '../message/scenario-draft';
import type { MessageSessionOrigin } from '../sending/message-session.events';

/** A send to everyone by SMS, for the message session decider's tests. */

export const SMS_DEVICE = { dispatch_type: 'SMS' as const, id: deviceId('f1', 'SMS'), label: 'Mobile (SMS)', field_label: 'Mobile', field_id: 'f1', heading: 'SMS', position: 1 };

export const EVACUATION: ScenarioDraft = {
  ...newScenarioDraft({ ttsVoice: 'Amy', language: 'en-GB' }),
  scenario_name: 'Site evacuation',
  recipients: { ...EMPTY_RECIPIENTS, include: [{ recipient_type: 'everyone', recipient_value: [] }] },
  devices: [SMS_DEVICE],
  message: { sms: 'Leave by the stairs', email: '', voice: '' },
};

export const EVACUATION_ORIGIN: MessageSessionOrigin = { sessionId: 's1', scenarioId: 'm1', customerGroupId: 'g1', senderUserId: 'u1', scenario: EVACUATION, timeoutSeconds: 1800 };
