import type { ScenarioDraft } from '@beacon/domain';
import styled from 'styled-components';
import { SecondaryButton } from '../../../../shared-ui/buttons';
import { Input, TextArea } from '../../../../shared-ui/form-controls';
import { CheckboxField, Fieldset, Hint, Labelled } from '../../../../shared-ui/labelled-controls';
import { Note } from '../../../../shared-ui/page-layout';
import { useBuilder, useBuilderSelector, useKeyErrors } from '../../builder-context';
import { deviceName } from '../../draft-edits';
import { selectDraft } from '../../message-builder.selectors';
import { StepFrame } from '../StepFrame';

/** A whole number typed in a number box; blank is 0. */
export const wholeNumber = (text: string) => (text.trim() === '' ? 0 : Math.trunc(Number(text)) || 0);

/** Sequence: the minutes between devices and their order (a sequence); the conference's options (a conference). */
export function SequenceStep() {
  const { actor } = useBuilder();
  const draft = useBuilderSelector(selectDraft);
  const errors = useKeyErrors('sequence_settings');
  const change = (patch: Partial<ScenarioDraft>) => actor.send({ type: 'builder.change', patch });

  return (
    <StepFrame step="sequence" fieldKeys={['sequence_settings']}>
      {draft.scenario_type === 'broadcast' && <Note>A broadcast goes to every chosen device at once. Choose the sequence or conference type in Settings for these options.</Note>}
      {draft.scenario_type === 'sequence' && (
        <>
          <Labelled label="Minutes between devices" hint="How long to wait for an answer before the next device is tried." errors={errors}>
            {(control) => (
              <Input {...control} type="number" min={1} step={1} value={draft.sequence_time} onChange={(event) => change({ sequence_time: wholeNumber(event.target.value) })} />
            )}
          </Labelled>
          <Fieldset>
            <legend>Device order</legend>
            {draft.devices.length === 0 ? (
              <Hint>Choose devices first.</Hint>
            ) : (
              <Order aria-label="Device order">
                {draft.devices.map((device, index) => (
                  <li key={device.id}>
                    <span>
                      {index + 1}. {deviceName(device)}
                    </span>
                    <SecondaryButton type="button" disabled={index === 0} aria-label={`Move ${deviceName(device)} up`} onClick={() => actor.send({ type: 'builder.moveDevice', id: device.id, by: -1 })}>
                      Up
                    </SecondaryButton>
                    <SecondaryButton
                      type="button"
                      disabled={index === draft.devices.length - 1}
                      aria-label={`Move ${deviceName(device)} down`}
                      onClick={() => actor.send({ type: 'builder.moveDevice', id: device.id, by: 1 })}
                    >
                      Down
                    </SecondaryButton>
                  </li>
                ))}
              </Order>
            )}
          </Fieldset>
        </>
      )}
      {draft.scenario_type === 'conference' && (
        <Fieldset>
          <legend>Conference</legend>
          <CheckboxField label="Call back people who leave the conference" checked={draft.use_conference_recall} onChange={(use_conference_recall) => change({ use_conference_recall })} />
          <CheckboxField label="Detect answering machines" checked={draft.amd_conference} onChange={(amd_conference) => change({ amd_conference })} />
          <Labelled label="Conference bridge introduction" hint="What people hear as they join." errors={errors}>
            {(control) => <TextArea {...control} rows={3} value={draft.conference_bridge_intro} onChange={(event) => change({ conference_bridge_intro: event.target.value })} />}
          </Labelled>
        </Fieldset>
      )}
    </StepFrame>
  );
}

const Order = styled.ol`
  display: grid;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    gap: 8px;
    align-items: center;
  }

  span {
    min-width: 14rem;
  }
`;
