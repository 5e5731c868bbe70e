import {
  activeChannels,
  countSmsSegments,
  MESSAGE_TIMEOUT_CHOICES,
  previewMessage,
  type MessageChannel,
  type PollingOption,
  type PreviewChannel,
  type ScenarioDraft,
} from '@beacon/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { SecondaryButton } from '../../../../shared-ui/buttons';
import { Input, Select, TextArea } from '../../../../shared-ui/form-controls';
import { CheckboxField, Fieldset, Hint, Labelled } from '../../../../shared-ui/labelled-controls';
import { Note } from '../../../../shared-ui/page-layout';
import { hasPermission, useBuilder, useBuilderSelector, useKeyErrors, type BuilderEnvironment } from '../../builder-context';
import { selectAudio, selectDraft, selectSpeaking, selectSpeechError } from '../../message-builder.selectors';
import { MessageAttachments } from '../MessageAttachments';
import { Columns, Flags, StepFrame } from '../StepFrame';
import { wholeNumber } from './SequenceStep';

/** Spec part 2 §4: the content boxes, by channel. */
export const CONTENT_LABELS: Record<MessageChannel, string> = { voice: 'Main voice call content', sms: 'SMS content', email: 'Email content' };
const PREVIEW_LABELS: Record<PreviewChannel, string> = {
  voice: 'Voice call preview',
  sms: 'SMS preview',
  email: 'Email preview',
  teams: 'Microsoft Teams preview',
  slack: 'Slack preview',
  pwa: 'Push notification preview',
};
const CHANNEL_NAMES: Record<MessageChannel, string> = { voice: 'Voice call', sms: 'SMS', email: 'Email' };
const CHANNEL_ORDER: readonly MessageChannel[] = ['voice', 'sms', 'email'];

/** What the two-way link box does in the group: its settings decide whether the box counts (the preview follows them). */
export function twoWayLinkHint(settings: Pick<BuilderEnvironment['settings'], 'two_way_sms' | 'force_two_way_sms'>): string {
  if (settings.force_two_way_sms === true) return 'Your group adds the link to every text.';
  if (settings.two_way_sms !== true) return 'Two-way SMS is off for your group, so no link is sent.';
  return 'Recipients answer through a link.';
}

const parts = (count: number) => `${count} SMS ${count === 1 ? 'part' : 'parts'}`;

/** "160 characters, 1 SMS part (GSM-7)": the typed text as the SMS channel counts it (spec part 2 §5). */
export function smsCountText(text: string): string {
  const count = countSmsSegments(text);
  return `${count.length} characters, ${parts(count.number_of_segments)} (${count.encoding})`;
}

/**
 * Content (spec part 2 §3, §4, §5): a box for each active channel only, the SMS part count as the
 * text is typed with the warning past the threshold, the files attached to each channel, each
 * channel's preview as its recipient sees it, the voice text spoken, the answering-machine text,
 * polling, retries, links, and the Teams, Slack and push texts.
 */
export function ContentStep() {
  const environment = useBuilder();
  const { actor } = environment;
  const draft = useBuilderSelector(selectDraft);
  const formErrors = useKeyErrors('message_forms');
  const pollingErrors = useKeyErrors('polling');
  const active = activeChannels(draft.devices);
  const change = (patch: Partial<ScenarioDraft>) => actor.send({ type: 'builder.change', patch });
  const setText = (channel: MessageChannel, text: string) => change({ message: { ...draft.message, [channel]: text } });
  const global = draft.global_message && active.has('sms');
  const boxes = CHANNEL_ORDER.filter((channel) => active.has(channel) && !(global && channel !== 'sms'));
  const previews: PreviewChannel[] = [
    ...CHANNEL_ORDER.filter((channel) => active.has(channel)),
    ...(draft.use_microsoft_teams ? (['teams'] as const) : []),
    ...(draft.use_slack ? (['slack'] as const) : []),
    ...(draft.use_pwa ? (['pwa'] as const) : []),
  ];

  return (
    <StepFrame step="content" fieldKeys={['polling']}>
      {active.size === 0 && !draft.use_microsoft_teams && !draft.use_slack && !draft.use_pwa && <Note>Choose devices first: each chosen channel gets its content box here.</Note>}
      {active.has('sms') && active.size > 1 && (
        <CheckboxField
          label="One text for every channel"
          hint="The SMS text is also emailed and spoken."
          checked={draft.global_message}
          onChange={(global_message) => change({ global_message })}
        />
      )}
      {boxes.map((channel) => (
        <Fieldset key={channel}>
          <legend>{global ? 'Every channel' : CHANNEL_NAMES[channel]}</legend>
          <ChannelText channel={channel} label={global ? 'Message content (every channel)' : CONTENT_LABELS[channel]} text={draft.message[channel]} onChange={(text) => setText(channel, text)} errors={formErrors} />
          {channel === 'voice' && <SpeakButton />}
          {channel === 'sms' && (
            <Flags>
              <CheckboxField label="Include links in the SMS" checked={draft.include_links.sms} onChange={(on) => change({ include_links: { ...draft.include_links, sms: on } })} />
              {hasPermission(environment, 'SMS links for 2 way messages') && (
                <CheckboxField label="Two-way SMS link" hint={twoWayLinkHint(environment.settings)} checked={draft.sms_two_way_link} onChange={(sms_two_way_link) => change({ sms_two_way_link })} />
              )}
            </Flags>
          )}
          {channel === 'email' && (
            <CheckboxField label="Include links in the email" checked={draft.include_links.email} onChange={(on) => change({ include_links: { ...draft.include_links, email: on } })} />
          )}
        </Fieldset>
      ))}
      {global && active.has('voice') && <SpeakButton />}
      <MessageAttachments />
      {active.has('voice') && (
        <Labelled label="Answering machine message" hint="What an answering machine records instead of the call content.">
          {(control) => <TextArea {...control} rows={3} value={draft.message_text} onChange={(event) => change({ message_text: event.target.value })} />}
        </Labelled>
      )}
      {draft.use_microsoft_teams && (
        <Labelled label="Microsoft Teams content">
          {(control) => <TextArea {...control} rows={3} value={draft.teams.message} onChange={(event) => change({ teams: { ...draft.teams, message: event.target.value } })} />}
        </Labelled>
      )}
      {draft.use_slack && (
        <Labelled label="Slack content">
          {(control) => <TextArea {...control} rows={3} value={draft.slack.message} onChange={(event) => change({ slack: { ...draft.slack, message: event.target.value } })} />}
        </Labelled>
      )}
      {draft.use_pwa && (
        <Columns>
          <Labelled label="Push notification title">
            {(control) => <Input {...control} value={draft.pwa.title} onChange={(event) => change({ pwa: { ...draft.pwa, title: event.target.value } })} />}
          </Labelled>
          <Labelled label="Push notification content">
            {(control) => <TextArea {...control} rows={2} value={draft.pwa.message} onChange={(event) => change({ pwa: { ...draft.pwa, message: event.target.value } })} />}
          </Labelled>
        </Columns>
      )}
      <Polling draft={draft} errors={pollingErrors} onChange={change} />
      {previews.length > 0 && <Previews channels={previews} draft={draft} environment={environment} />}
    </StepFrame>
  );
}

interface ChannelTextProps {
  channel: MessageChannel;
  label: string;
  text: string;
  errors: readonly string[];
  onChange: (text: string) => void;
}

/** A channel's box; the SMS box says its part count as it is typed, and warns past the threshold. */
function ChannelText({ channel, label, text, errors, onChange }: ChannelTextProps) {
  const count = channel === 'sms' ? countSmsSegments(text) : null;
  return (
    <>
      <Labelled label={label} hint="Text between hash marks (#first_name#) is filled in for each recipient." errors={errors}>
        {(control) => <TextArea {...control} rows={channel === 'email' ? 6 : 4} value={text} onChange={(event) => onChange(event.target.value)} />}
      </Labelled>
      {count && (
        <>
          <Hint role="status">
            {smsCountText(text)}
          </Hint>
          {count.over_threshold && (
            <Warning role="alert">
              This SMS is longer than {count.threshold} characters ({count.encoding}): it is sent as {parts(count.number_of_segments)}, each charged.
            </Warning>
          )}
        </>
      )}
    </>
  );
}

/** Play: the voice text spoken in the chosen voice (POST /api/ttsaudio/), in an audio player. */
function SpeakButton() {
  const { actor } = useBuilder();
  const audio = useBuilderSelector(selectAudio);
  const speaking = useBuilderSelector(selectSpeaking);
  const error = useBuilderSelector(selectSpeechError);
  const blank = useBuilderSelector((snapshot) => {
    const { draft } = snapshot.context;
    return (draft.global_message ? draft.message.sms : draft.message.voice).trim() === '';
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!audio || typeof URL.createObjectURL !== 'function') return undefined;
    const made = URL.createObjectURL(audio);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [audio]);
  return (
    <Player>
      <SecondaryButton type="button" disabled={blank} aria-disabled={speaking || undefined} onClick={() => !speaking && actor.send({ type: 'builder.speak' })}>
        {speaking ? 'Preparing…' : 'Play'}
      </SecondaryButton>
      {blank && <Hint>Write the voice text to hear it.</Hint>}
      {error && <Hint role="alert">{error}</Hint>}
      {url && <audio controls autoPlay src={url} aria-label="Voice call content, spoken" />}
    </Player>
  );
}

interface PollingProps {
  draft: ScenarioDraft;
  errors: readonly string[];
  onChange: (patch: Partial<ScenarioDraft>) => void;
}

/** Polling options (digit and text), the poll's timeout, and automatic retries. */
function Polling({ draft, errors, onChange }: PollingProps) {
  const errorId = useId();
  const options = draft.polling_options;
  const setOption = (index: number, patch: Partial<PollingOption>) => onChange({ polling_options: options.map((option, at) => (at === index ? { ...option, ...patch } : option)) });
  const nextDigit = String((options.length + 1) % 10);
  return (
    <Fieldset aria-describedby={errors.length > 0 ? errorId : undefined}>
      <legend>Polling</legend>
      {errors.length > 0 && (
        <Errors id={errorId}>
          {errors.map((text) => (
            <span key={text}>{text}</span>
          ))}
        </Errors>
      )}
      {options.map((option, index) => (
        <PollingRow key={index} role="group" aria-label={`Polling option ${index + 1}`}>
          <Labelled label="Digit">
            {(control) => <Input {...control} inputMode="numeric" maxLength={1} value={option.option_digit} onChange={(event) => setOption(index, { option_digit: event.target.value })} />}
          </Labelled>
          <Labelled label="Text">
            {(control) => <Input {...control} value={option.option_text} onChange={(event) => setOption(index, { option_text: event.target.value })} />}
          </Labelled>
          <SecondaryButton type="button" aria-label={`Remove polling option ${index + 1}`} onClick={() => onChange({ polling_options: options.filter((_, at) => at !== index) })}>
            Remove
          </SecondaryButton>
        </PollingRow>
      ))}
      <div>
        <SecondaryButton type="button" onClick={() => onChange({ polling_options: [...options, { option_digit: nextDigit, option_text: '' }] })}>
          Add a polling option
        </SecondaryButton>
      </div>
      <Columns>
        <Labelled label="Polling timeout">
          {(control) => (
            <Select {...control} value={draft.polling_timeout} onChange={(event) => onChange({ polling_timeout: Number(event.target.value) })}>
              <option value={0}>Until the message times out</option>
              {MESSAGE_TIMEOUT_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.text}
                </option>
              ))}
            </Select>
          )}
        </Labelled>
        <div>
          <CheckboxField label="Retry automatically" hint="People who have not answered are sent the message again." checked={draft.auto_retry} onChange={(auto_retry) => onChange({ auto_retry })} />
          {draft.auto_retry && (
            <Labelled label="Minutes before a retry">
              {(control) => (
                <Input {...control} type="number" min={1} step={1} value={draft.auto_retry_minutes} onChange={(event) => onChange({ auto_retry_minutes: wholeNumber(event.target.value) })} />
              )}
            </Labelled>
          )}
        </div>
      </Columns>
    </Fieldset>
  );
}

/** Each channel's message as its recipient sees (or hears) it, placeholders masked (spec part 2 §5). */
function Previews({ channels, draft, environment }: { channels: readonly PreviewChannel[]; draft: ScenarioDraft; environment: BuilderEnvironment }) {
  const shown = useMemo(
    () =>
      channels.map((channel) => {
        const text =
          channel === 'teams' ? draft.teams.message : channel === 'slack' ? draft.slack.message : channel === 'pwa' ? draft.pwa.message : draft.global_message ? draft.message.sms : draft.message[channel];
        return previewMessage(channel, { text, scenario: draft, settings: environment.settings, rootPermissions: environment.rootPermissions });
      }),
    [channels, draft, environment],
  );
  return (
    <Fieldset>
      <legend>Preview</legend>
      {shown.map((preview) => (
        <PreviewBox key={preview.channel}>
          <h3>{PREVIEW_LABELS[preview.channel]}</h3>
          <pre>{preview.text}</pre>
          {preview.sms && <Hint>As sent: {parts(preview.sms.number_of_segments)}</Hint>}
        </PreviewBox>
      ))}
    </Fieldset>
  );
}

const Player = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
`;

const Warning = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
`;

const Errors = styled.div`
  display: grid;
  gap: 2px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.error};
`;

const PollingRow = styled.div`
  display: grid;
  grid-template-columns: 6rem minmax(200px, 1fr) auto;
  gap: 12px;
  align-items: end;
`;

const PreviewBox = styled.section`
  display: grid;
  gap: 4px;

  h3 {
    margin: 0;
    font-size: 1rem;
  }

  pre {
    margin: 0;
    padding: 8px 12px;
    font: inherit;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radiusPx}px;
  }
`;
