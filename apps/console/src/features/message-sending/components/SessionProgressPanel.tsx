import { useSelector } from '@xstate/react';
import { forwardRef, useId } from 'react';
import styled from 'styled-components';
import { newIdempotencyKey } from '../../../api/idempotency-key';
import { RESEND_FAILED, type ProgressActor, type ProgressSnapshot } from '../machines/session-progress.machine';
import { isFinished, messagesText, peopleText, progressTitle, reached, settled, statesOf, STATUS_LABELS } from '../session-progress';

const selectContext = (snapshot: ProgressSnapshot) => snapshot.context;
const selectResending = (snapshot: ProgressSnapshot) => snapshot.matches('resending');

/**
 * The progress of the session last sent from this screen: its status, a progress bar of deliveries
 * with a final answer, and the deliveries by state, all following the session live. Only the status
 * line is a live region: a screen reader hears "Sending", then "Complete", not every count. A session
 * that ended before it was planned (refused by a daily quota, skipped) queued nothing: it shows its
 * status and why, without a progress bar or counts.
 */
export const SessionProgressPanel = forwardRef<HTMLHeadingElement, { progress: ProgressActor }>(function SessionProgressPanel({ progress }, heading) {
  const { name, isReal, result, error, resendFailed } = useSelector(progress, selectContext);
  const resending = useSelector(progress, selectResending);
  // Once every recipient is queued, those with no reply can be sent the message again.
  const canResend = result !== null && result.deliveries !== null && (result.status === 'sending' || result.status === 'complete');
  const id = useId();
  const status = result?.status ?? 'planning';
  const over = isFinished(status);
  const total = result?.deliveries ?? null;
  const done = result ? settled(result.progress) : 0;
  const percent = total ? Math.round((done / total) * 100) : over ? 100 : 0;
  const barText = total === null ? 'Finding recipients' : `${done} of ${messagesText(total)} finished`;
  const neverPlanned = over && total === null;
  return (
    <Panel aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {progressTitle(status, name)}
      </h2>
      <Kind>{isReal ? 'Real message' : 'Test message'}</Kind>
      <p role="status" id={`${id}-status`}>
        Status: <strong>{STATUS_LABELS[status]}</strong>
        {result && over && total !== null ? `, ${reached(result.progress)} of ${messagesText(total)} delivered.` : null}
      </p>
      {/* Always there, so a screen reader hears the reason when it comes (a live region added with its text may go unheard). */}
      <Note aria-live="polite">{result?.note ?? ''}</Note>
      {!neverPlanned && (
        <Bar>
          <span id={`${id}-bar`}>Messages finished</span>
          <Track
            role="progressbar"
            aria-labelledby={`${id}-bar`}
            aria-valuemin={0}
            aria-valuemax={total ?? undefined}
            aria-valuenow={total === null ? undefined : done}
            aria-valuetext={total === null ? barText : `${barText} (${percent}%)`}
          >
            <Fill style={{ width: `${percent}%` }} />
          </Track>
          <span aria-hidden="true">{total === null ? barText : `${barText} (${percent}%)`}</span>
        </Bar>
      )}
      {result && !neverPlanned && (
        <Counts>
          <div>
            <dt>People</dt>
            <dd>{result.recipients === null ? '…' : peopleText(result.recipients)}</dd>
          </div>
          <div>
            <dt>Messages</dt>
            <dd>{total === null ? '…' : total}</dd>
          </div>
          {statesOf(result.progress).map(({ state, label }) => (
            <div key={state}>
              <dt>{label}</dt>
              <dd>{result.progress[state]}</dd>
            </div>
          ))}
        </Counts>
      )}
      {canResend && (
        <div>
          <button type="button" aria-disabled={resending} onClick={() => !resending && progress.send({ type: 'progress.resend', idempotencyKey: newIdempotencyKey() })}>
            Resend to no reply
          </button>
        </div>
      )}
      {resendFailed && <Problem role="alert">{RESEND_FAILED}</Problem>}
      {error !== null && <Problem>The progress could not be read: {error} It is read again shortly.</Problem>}
    </Panel>
  );
});

const Panel = styled.section`
  display: grid;
  gap: 12px;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme }) => theme.colors.highlight};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  h2 {
    margin: 0;
    font-size: 1.125rem;
  }

  h2:focus {
    outline: none;
  }

  p {
    margin: 0;
  }
`;

const Kind = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Bar = styled.div`
  display: grid;
  grid-template-columns: auto minmax(120px, 1fr) auto;
  gap: 12px;
  align-items: center;
  font-variant-numeric: tabular-nums;
`;

/* The track's border is the muted text colour: a control's outline needs 3:1 against the surface. */
const Track = styled.div`
  height: 12px;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.textMuted};
  border-radius: 6px;
`;

const Fill = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.highlight};
  transition: width 300ms ease-out;

  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

const Counts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
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
    font-size: 1.125rem;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

/* Why it was not sent (a holiday, a suspension, a daily quota with its numbers): plain text, as the status line's. */
const Note = styled.p`
  font-weight: 600;

  &:empty {
    display: none;
  }
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.error};
`;
