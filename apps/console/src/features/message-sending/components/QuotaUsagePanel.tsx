import type { QuotaUsageDto } from '@beacon/contracts';
import { useId } from 'react';
import styled from 'styled-components';
import { channelUsageText, isUsedUp, limitedChannels, quotaResetText } from '../quota-usage';

/**
 * The organisation's daily quotas, shown only when a channel has one: each limited channel's use today
 * and what is left, and when the quotas start again. A channel used up says so in words ("none left")
 * and stands out by weight and a bar at its side, not by colour alone. Not a live region: it follows
 * the sends quietly, and the confirmation of a send that would go past a quota says so.
 */
export function QuotaUsagePanel({ usage, timeZone }: { usage: QuotaUsageDto | null; timeZone: string }) {
  const id = useId();
  const limited = limitedChannels(usage);
  if (usage === null || limited.length === 0) return null;
  return (
    <Panel aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Daily quotas</h2>
      <Lines>
        {limited.map((channel) =>
          isUsedUp(channel) ? (
            <UsedUp key={channel.channel}>
              <strong>{channelUsageText(channel)}</strong>
            </UsedUp>
          ) : (
            <li key={channel.channel}>{channelUsageText(channel)}</li>
          ),
        )}
      </Lines>
      <Reset>{quotaResetText(usage, timeZone)}</Reset>
    </Panel>
  );
}

const Panel = styled.section`
  display: grid;
  gap: 6px;
  padding: 10px 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  h2 {
    margin: 0;
    font-size: 1rem;
  }
`;

const Lines = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 24px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-variant-numeric: tabular-nums;
`;

/* The error colour is 7:1 on the surface; the bar and the weight mark it where colour is not seen. */
const UsedUp = styled.li`
  padding-left: 8px;
  color: ${({ theme }) => theme.colors.error};
  border-left: 4px solid ${({ theme }) => theme.colors.error};
`;

const Reset = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
