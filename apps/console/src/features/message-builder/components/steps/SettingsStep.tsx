import { SCENARIO_TYPES, type ScenarioType } from '@beacon/domain';
import { useDialog } from '../../../../feedback/use-feedback';
import { SecondaryButton } from '../../../../shared-ui/buttons';
import { Input, Select } from '../../../../shared-ui/form-controls';
import { CheckboxField, Fieldset, Labelled } from '../../../../shared-ui/labelled-controls';
import { hasPermission, useBuilder, useBuilderSelector, useKeyErrors } from '../../builder-context';
import { selectCheckingName, selectDraft } from '../../message-builder.selectors';
import { Columns, Flags, StepFrame } from '../StepFrame';
import { LanguageOptions, VoiceOptions } from '../SpeechOptions';

export const SCENARIO_TYPE_LABELS: Record<ScenarioType, string> = { broadcast: 'Broadcast', sequence: 'Sequence', conference: 'Conference' };
export const RESET_QUESTION = 'Reset the message to its defaults? Its name stays; everything else goes back to how a new message starts.';

/** Settings: name, message ID, type, test mode (and subset), language and voice, where it is sent from. */
export function SettingsStep() {
  const environment = useBuilder();
  const { actor } = environment;
  const dialog = useDialog();
  const draft = useBuilderSelector(selectDraft);
  const checkingName = useBuilderSelector(selectCheckingName);
  const nameErrors = useKeyErrors('name');
  const messageIdErrors = useKeyErrors('message_id');
  const languageErrors = useKeyErrors('language');
  const change = (patch: Partial<typeof draft>) => actor.send({ type: 'builder.change', patch });
  const testMode = !draft.is_real;

  return (
    <StepFrame step="settings" fieldKeys={['name', 'message_id', 'language']}>
      <Columns>
        <Labelled label="Message name" hint={checkingName ? 'Checking the name…' : 'A real message’s name is its own in the customer group.'} errors={nameErrors}>
          {(control) => <Input {...control} autoComplete="off" value={draft.scenario_name} onChange={(event) => change({ scenario_name: event.target.value })} />}
        </Labelled>
        <Labelled label="Message ID" hint="1 to 10 digits; a message invoked by phone needs one." errors={messageIdErrors}>
          {(control) => (
            <Input {...control} inputMode="numeric" autoComplete="off" value={draft.scenario_message_id} onChange={(event) => change({ scenario_message_id: event.target.value })} />
          )}
        </Labelled>
        <Labelled label="Message type">
          {(control) => (
            <Select {...control} value={draft.scenario_type} onChange={(event) => actor.send({ type: 'builder.scenarioType', scenarioType: event.target.value as ScenarioType })}>
              {SCENARIO_TYPES.map((type) => (
                <option key={type} value={type}>
                  {SCENARIO_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </Labelled>
      </Columns>
      <Flags>
        <CheckboxField
          label="Test mode"
          hint="A test message may share a real message’s name."
          checked={testMode}
          onChange={(on) => actor.send({ type: 'builder.testMode', on })}
        />
        {testMode && hasPermission(environment, 'Allow Subset') && (
          <CheckboxField label="Send to a subset" checked={draft.is_subset_scenario} onChange={(is_subset_scenario) => change({ is_subset_scenario })} />
        )}
      </Flags>
      <Columns>
        <Labelled label="Language" errors={languageErrors}>
          {(control) => (
            <Select {...control} value={draft.selected_language} onChange={(event) => actor.send({ type: 'builder.language', language: event.target.value })}>
              <LanguageOptions />
            </Select>
          )}
        </Labelled>
        <Labelled label="Voice">
          {(control) => (
            <Select {...control} value={draft.tts_voice} onChange={(event) => change({ tts_voice: event.target.value })}>
              <VoiceOptions language={draft.selected_language} />
            </Select>
          )}
        </Labelled>
      </Columns>
      <Fieldset>
        <legend>Sent from</legend>
        <Flags>
          <CheckboxField label="Dashboard" checked={draft.is_dashboard} onChange={(is_dashboard) => change({ is_dashboard })} />
          {hasPermission(environment, 'Phone invoke') && (
            <CheckboxField label="Phone invocation" checked={draft.is_phone_invoke} onChange={(is_phone_invoke) => change({ is_phone_invoke })} />
          )}
          <CheckboxField label="Incident manager" checked={draft.is_incident_manager} onChange={(is_incident_manager) => change({ is_incident_manager })} />
          <CheckboxField label="Email invocation" checked={draft.is_email_invoke} onChange={(is_email_invoke) => change({ is_email_invoke })} />
        </Flags>
      </Fieldset>
      <div>
        <SecondaryButton
          type="button"
          onClick={() => dialog.alert({ message: RESET_QUESTION, acceptText: 'Reset', declineText: 'Keep', onAccept: () => actor.send({ type: 'builder.reset' }) })}
        >
          Reset to defaults
        </SecondaryButton>
      </div>
    </StepFrame>
  );
}
