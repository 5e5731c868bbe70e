import type { SessionReportDetailsDto } from '@beacon/contracts';
import { useId } from 'react';
import styled from 'styled-components';
import { channelsText } from '../../../formatting/channel-names';
import { instantText, SESSION_TYPE_WORDS } from '../report-words';
import { STATUS_LABELS } from '../session-rows';

/** The session sent (which message, how and when) and its statistics (spec §3 "User statistics"). */
export function ReportStatistics({ details, timeZone }: { details: SessionReportDetailsDto; timeZone: string }) {
  const headingId = useId();
  const { statistics } = details;
  const figures: [string, number][] = [
    ['Total recipients', statistics.total_recipients],
    ['Delivered', statistics.delivered_recipients],
    ['Delivery failures', statistics.delivery_failures],
    ['Pending', statistics.pending_recipients],
    ['Excluded', statistics.excluded_users],
    ['Responded', statistics.total_responded_recipients],
  ];
  return (
    <Block aria-labelledby={headingId}>
      <h2 id={headingId}>{details.name}</h2>
      <Facts>
        {SESSION_TYPE_WORDS[details.session_type]}, {details.is_real ? 'real' : 'test'} message by {channelsText(details.channels)}.{' '}
        <span role="status">Status: {STATUS_LABELS[details.status]}.</span>
        {details.started_at && (
          <>
            {' '}
            Started <time dateTime={details.started_at}>{instantText(details.started_at, timeZone)}</time>
          </>
        )}
        {details.completed_at && (
          <>
            , completed <time dateTime={details.completed_at}>{instantText(details.completed_at, timeZone)}</time>
          </>
        )}
        {details.started_at ? ` (${timeZone}).` : null}
      </Facts>
      <Figures>
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Figures>
    </Block>
  );
}

const Block = styled.section`
  display: grid;
  gap: 12px;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  h2 {
    margin: 0;
    font-size: 1.125rem;
  }
`;

const Facts = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Figures = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 32px;
  margin: 0;

  div {
    display: grid;
    gap: 2px;
  }

  dt {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;
