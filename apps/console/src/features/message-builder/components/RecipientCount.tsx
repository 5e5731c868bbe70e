import styled from 'styled-components';
import { useBuilderSelector } from '../builder-context';
import { deviceName } from '../draft-edits';
import { sameJson, selectCount, selectCountError, selectCounting, selectDraft, selectOfferedDevices } from '../message-builder.selectors';

const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;

/** Who the message would reach now (POST /api/scenario/get_recipients_count/), read out as it changes. */
export function RecipientCount() {
  const count = useBuilderSelector(selectCount);
  const error = useBuilderSelector(selectCountError);
  const counting = useBuilderSelector(selectCounting);
  const offered = useBuilderSelector(selectOfferedDevices, sameJson);
  const nameOf = (device: { id: string; label: string }) => {
    const known = offered.find((each) => each.id === device.id);
    return known ? deviceName(known) : device.label;
  };
  const nobody = useBuilderSelector((snapshot) => selectDraft(snapshot).recipients.include.length === 0);
  return (
    <Panel role="status" aria-label="Recipient count" aria-busy={counting || undefined}>
      {nobody ? (
        <p>Nobody is chosen yet.</p>
      ) : error ? (
        <p>The recipients could not be counted: {error}</p>
      ) : count === null ? (
        <p>Counting…</p>
      ) : (
        <>
          <p>
            <strong>{people(count.count)}</strong> would receive the message{count.excluded > 0 ? `; ${people(count.excluded)} left out` : ''}.
          </p>
          <p>
            SMS: {count.channels.SMS} · Voice Call: {count.channels.VOICE} · Email: {count.channels.EMAIL}
            {count.without_devices > 0 ? ` · ${people(count.without_devices)} without any chosen device` : ''}
          </p>
          {count.devices.length > 0 && (
            <ul aria-label="People per device">
              {count.devices.map((device) => (
                <li key={device.id}>
                  {nameOf(device)}: {device.count}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Panel>
  );
}

const Panel = styled.div`
  display: grid;
  gap: 4px;
  padding: 8px 12px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  p,
  ul {
    margin: 0;
  }
`;
