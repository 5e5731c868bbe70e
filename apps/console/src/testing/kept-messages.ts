import type { ScenarioDto } from '@beacon/contracts';
import { DEFAULT_MESSAGE_LANGUAGE, DEFAULT_TTS_VOICE, newScenarioDraft, type DispatchType, type ScenarioDraft } from '@beacon/domain';

/*
 * Messages (scenarios) as the server keeps them, for the fake servers of the message screens.
 */

/** A message's device: a contact field and the channel it is reached by. */
export const aDevice = (field: string, dispatch_type: DispatchType, position: number) => ({
  dispatch_type,
  id: `${field}:${dispatch_type}`,
  label: dispatch_type,
  field_label: field,
  field_id: field,
  heading: `${field} (${dispatch_type})`,
  position,
});

/** A kept message as GET /api/scenario/{id}/ answers it: a new draft with these changes, last changed at `updatedAt`. */
export function aKeptMessage(id: string, changes: Partial<ScenarioDraft>, updatedAt: string, customerGroup = 'group-1'): ScenarioDto {
  return {
    ...newScenarioDraft({ ttsVoice: DEFAULT_TTS_VOICE, language: DEFAULT_MESSAGE_LANGUAGE }),
    ...changes,
    id,
    customer_group: customerGroup,
    created_at: updatedAt,
    updated_at: updatedAt,
  } as ScenarioDto;
}

/** The demo organisation's Site evacuation (apps/command-api/src/seed/demo-templates.ts): real, by SMS, voice call and email. */
export const SITE_EVACUATION: Partial<ScenarioDraft> = {
  scenario_name: 'Site evacuation',
  scenario_message_id: '100',
  is_real: true,
  devices: [aDevice('mobile', 'SMS', 1), aDevice('mobile', 'VOICE', 2), aDevice('work-email', 'EMAIL', 3)],
  email_subject_line: 'EVACUATE NOW',
  message: { sms: 'EVACUATE NOW.', email: 'Evacuate the site now.', voice: 'Evacuate the site now.' },
};
