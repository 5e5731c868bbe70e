import type { ScenarioDraft, WebhookMessage } from '@beacon/domain';
import { useState } from 'react';
import { Input, TextArea } from '../../../../shared-ui/form-controls';
import { CheckboxField, Fieldset, Hint, Labelled } from '../../../../shared-ui/labelled-controls';
import { hasPermission, useBuilder, useBuilderSelector, useKeyErrors } from '../../builder-context';
import { deviceName } from '../../draft-edits';
import { sameJson, selectDraft, selectFields, selectOfferedDevices } from '../../message-builder.selectors';
import { RecipientCount } from '../RecipientCount';
import { Flags, StepFrame } from '../StepFrame';

const linesOf = (text: string) => text.split('\n').map((line) => line.trim()).filter((line) => line !== '');

/** Addresses one a line: the text as typed stays (a new empty line), the draft gets the addresses. */
function LinesInput({ label, hint, lines, onChange }: { label: string; hint: string; lines: readonly string[]; onChange: (lines: string[]) => void }) {
  const [text, setText] = useState(lines.join('\n'));
  const shown = linesOf(text).join('\n') === lines.join('\n') ? text : lines.join('\n');
  return (
    <Labelled label={label} hint={hint}>
      {(control) => (
        <TextArea
          {...control}
          rows={2}
          value={shown}
          onChange={(event) => {
            setText(event.target.value);
            onChange(linesOf(event.target.value));
          }}
        />
      )}
    </Labelled>
  );
}

/**
 * Devices (spec part 2 §3, §5, §6): the group's devices the message is sent to (voice only with
 * Voice, and in a conference with Conference bridge), the email subject with an email device, and
 * Microsoft Teams, Slack and push with their addresses.
 */
export function DevicesStep() {
  const environment = useBuilder();
  const { actor } = environment;
  const draft = useBuilderSelector(selectDraft);
  const offered = useBuilderSelector(selectOfferedDevices, sameJson);
  const readsFields = useBuilderSelector((snapshot) => selectFields(snapshot) !== null);
  const subjectErrors = useKeyErrors('subject_line');
  const change = (patch: Partial<ScenarioDraft>) => actor.send({ type: 'builder.change', patch });
  const chosen = new Set(draft.devices.map((device) => device.id));
  const hasEmail = draft.devices.some((device) => device.dispatch_type === 'EMAIL');
  const voiceHint = !hasPermission(environment, 'Voice')
    ? 'Voice call devices need the Voice feature.'
    : draft.scenario_type === 'conference' && !hasPermission(environment, 'Conference bridge')
      ? 'In a conference, voice call devices need the Conference bridge feature.'
      : undefined;
  const webhooks = (channel: 'teams' | 'slack', label: string, content: WebhookMessage) => (
    <LinesInput label={`${label} webhook addresses`} hint="One https address a line." lines={content.webhooks} onChange={(lines) => change({ [channel]: { ...content, webhooks: lines } })} />
  );

  return (
    <StepFrame step="devices" description="Choose the devices the message is sent to." fieldKeys={['subject_line']}>
      <Fieldset>
        <legend>Devices</legend>
        {offered.length === 0 ? (
          <Hint>{readsFields ? 'The customer group has no devices this message can use.' : 'Only admins and operators choose devices.'}</Hint>
        ) : (
          <>
            <CheckboxField label="Select all devices" checked={offered.every((device) => chosen.has(device.id))} onChange={(all) => actor.send({ type: 'builder.allDevices', all })} />
            <Flags>
              {offered.map((device) => (
                <CheckboxField
                  key={device.id}
                  label={deviceName(device)}
                  checked={chosen.has(device.id)}
                  onChange={(on) => actor.send({ type: 'builder.device', device, chosen: on })}
                />
              ))}
            </Flags>
          </>
        )}
        {voiceHint && <Hint>{voiceHint}</Hint>}
      </Fieldset>
      {/* Spec part 2 §5: the subject shows only when an email device is chosen. */}
      {hasEmail && (
        <Labelled label="Email subject" errors={subjectErrors}>
          {(control) => <Input {...control} autoComplete="off" value={draft.email_subject_line} onChange={(event) => change({ email_subject_line: event.target.value })} />}
        </Labelled>
      )}
      <Fieldset>
        <legend>Other channels</legend>
        <Flags>
          {hasPermission(environment, 'Use Microsoft Teams') && (
            <CheckboxField label="Microsoft Teams" checked={draft.use_microsoft_teams} onChange={(use_microsoft_teams) => change({ use_microsoft_teams })} />
          )}
          {hasPermission(environment, 'Use Slack') && <CheckboxField label="Slack" checked={draft.use_slack} onChange={(use_slack) => change({ use_slack })} />}
          <CheckboxField label="Push notification (PWA)" checked={draft.use_pwa} onChange={(use_pwa) => change({ use_pwa })} />
        </Flags>
        {draft.use_microsoft_teams && hasPermission(environment, 'Use Microsoft Teams') && webhooks('teams', 'Microsoft Teams', draft.teams)}
        {draft.use_slack && hasPermission(environment, 'Use Slack') && webhooks('slack', 'Slack', draft.slack)}
      </Fieldset>
      <RecipientCount />
    </StepFrame>
  );
}
