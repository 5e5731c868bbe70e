import { activeChannels, MESSAGE_LANGUAGES, RECIPIENT_TYPE_LABELS, type QuickReportType, type ScenarioDraft } from '@beacon/domain';
import styled from 'styled-components';
import { Select } from '../../../../shared-ui/form-controls';
import { CheckboxField, Fieldset, Labelled } from '../../../../shared-ui/labelled-controls';
import { hasPermission, useBuilder, useBuilderSelector, useKeyErrors } from '../../builder-context';
import { deviceName } from '../../draft-edits';
import { selectCount, selectDraft } from '../../message-builder.selectors';
import { StepFrame } from '../StepFrame';
import { UserPicker } from '../UserPicker';
import { SCENARIO_TYPE_LABELS } from './SettingsStep';

const TYPE_LABEL = new Map(RECIPIENT_TYPE_LABELS.map(({ value, label }) => [value, label]));
const CHANNEL_NAMES = { sms: 'SMS', voice: 'Voice Call', email: 'Email' } as const;

/** Finish: the quick report after a send, a summary of the message, and Save. */
export function FinishStep() {
  const environment = useBuilder();
  const { actor } = environment;
  const draft = useBuilderSelector(selectDraft);
  const count = useBuilderSelector(selectCount);
  const errors = useKeyErrors('message_notification');
  const report = draft.quick_report;
  const setReport = (patch: Partial<ScenarioDraft['quick_report']>) => actor.send({ type: 'builder.change', patch: { quick_report: { ...report, ...patch } } });
  const smsReports = hasPermission(environment, 'SMS quick reports');

  return (
    <StepFrame step="finish" description="Check the message, then save it." fieldKeys={['message_notification']}>
      <Fieldset>
        <legend>Quick report</legend>
        <CheckboxField
          label="Send a quick report"
          hint="Chosen users get a short report of who received the message."
          checked={report.send_quick_report}
          errors={errors}
          onChange={(send_quick_report) => setReport({ send_quick_report })}
        />
        {report.send_quick_report && (
          <>
            <Labelled label="Quick report by">
              {(control) => (
                <Select {...control} value={report.type} onChange={(event) => setReport({ type: event.target.value as QuickReportType })}>
                  <option value="email">Email</option>
                  {(smsReports || report.type === 'sms') && <option value="sms">SMS</option>}
                </Select>
              )}
            </Labelled>
            <UserPicker label="Quick report recipients" chosen={report.recipients} onChange={(recipients) => setReport({ recipients })} />
          </>
        )}
      </Fieldset>
      <Summary aria-label="Summary">
        <dt>Name</dt>
        <dd>{draft.scenario_name || 'Not named yet'}</dd>
        <dt>Type</dt>
        <dd>
          {SCENARIO_TYPE_LABELS[draft.scenario_type]}, {draft.is_real ? 'real' : draft.is_subset_scenario ? 'test to a subset' : 'test'}
        </dd>
        <dt>Language and voice</dt>
        <dd>
          {MESSAGE_LANGUAGES.find((language) => language.code === draft.selected_language)?.name ?? draft.selected_language}, {draft.tts_voice}
        </dd>
        <dt>Recipients</dt>
        <dd>
          {draft.recipients.include.length === 0 ? 'Nobody chosen' : draft.recipients.include.map((criterion) => TYPE_LABEL.get(criterion.recipient_type)).join(', ')}
          {count ? ` (${count.count} now)` : ''}
        </dd>
        <dt>Devices</dt>
        <dd>{draft.devices.length === 0 ? 'None' : draft.devices.map(deviceName).join(', ')}</dd>
        <dt>Channels</dt>
        <dd>
          {[
            ...[...activeChannels(draft.devices)].map((channel) => CHANNEL_NAMES[channel]),
            ...(draft.use_microsoft_teams ? ['Microsoft Teams'] : []),
            ...(draft.use_slack ? ['Slack'] : []),
            ...(draft.use_pwa ? ['Push notification'] : []),
          ].join(', ') || 'None'}
        </dd>
      </Summary>
    </StepFrame>
  );
}

const Summary = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  margin: 0;

  dt {
    font-weight: 600;
  }

  dd {
    margin: 0;
  }
`;
