import { RESEND_FAILED } from '@beacon/contracts';
import { DELIVERY_FAILURE, NO_RESPONSE, type ResendReply } from '@beacon/domain';
import { useId } from 'react';
import styled from 'styled-components';
import { SecondaryButton } from '../../../shared-ui/buttons';
import type { ResendOutcome } from '../machines/dispatch-details.machine';
import type { ExportKind } from '../message-reports-api';

const EXPORTS: readonly { kind: ExportKind; label: string; detailed: boolean; conference?: true }[] = [
  { kind: 'summaryXlsx', label: 'Summary (XLSX)', detailed: false },
  { kind: 'summaryPdf', label: 'Summary (PDF)', detailed: false },
  { kind: 'detailedXlsx', label: 'People (XLSX)', detailed: true },
  { kind: 'detailedPdf', label: 'People (PDF)', detailed: true },
  // People's voices: the detailed report's rule, as the server enforces it.
  { kind: 'conferenceRecording', label: 'Conference recording (audio)', detailed: true, conference: true },
];

/** The resends the spec names (§7): to those with no response, and to those every delivery failed for. */
export const RESENDS: readonly { reply: ResendReply; label: string; whom: string }[] = [
  { reply: NO_RESPONSE, label: 'Resend to no response', whom: 'the people with no response' },
  { reply: DELIVERY_FAILURE, label: 'Resend to failed', whom: 'the people it failed to reach' },
];

const whomOf = (reply: ResendReply) => RESENDS.find((resend) => resend.reply === reply)!.whom;

interface ReportActionsProps {
  /** The people exports too (the detailed report, with the filters applied). */
  detailed: boolean;
  /** A conference session: its bridge's recording can be downloaded. */
  conference: boolean;
  /** Whether the session may be sent again now (its recipients are all queued). */
  mayResend: boolean;
  exporting: ExportKind | null;
  exportError: string | null;
  resend: ResendOutcome | null;
  onExport: (kind: ExportKind) => void;
  /** Asks to confirm; sends again once confirmed. */
  onResend: (reply: ResendReply) => void;
}

/** Exports of the report as files, and the resends. */
export function ReportActions({ detailed, conference, mayResend, exporting, exportError, resend, onExport, onResend }: ReportActionsProps) {
  const exportsId = useId();
  const resendId = useId();
  const resending = resend?.status === 'sending';
  return (
    <Actions>
      <Group aria-labelledby={exportsId}>
        <h2 id={exportsId}>Export</h2>
        <Buttons>
          {EXPORTS.filter((entry) => (detailed || !entry.detailed) && (conference || !entry.conference)).map(({ kind, label }) => (
            <SecondaryButton key={kind} type="button" aria-disabled={exporting !== null || undefined} onClick={() => exporting === null && onExport(kind)}>
              {exporting === kind ? `Exporting ${label}…` : `Export ${label}`}
            </SecondaryButton>
          ))}
        </Buttons>
        {detailed && <Hint>The people exports hold the people the filters match.</Hint>}
        {exportError !== null && <Problem role="alert">The export failed: {exportError}</Problem>}
      </Group>
      {mayResend && (
        <Group aria-labelledby={resendId}>
          <h2 id={resendId}>Send again</h2>
          <Buttons>
            {RESENDS.map(({ reply, label }) => (
              <SecondaryButton key={reply} type="button" aria-disabled={resending || undefined} onClick={() => !resending && onResend(reply)}>
                {label}
              </SecondaryButton>
            ))}
          </Buttons>
          <p role="status">
            {resend?.status === 'sending' && `Sending again to ${whomOf(resend.reply)}…`}
            {resend?.status === 'started' && `Sending again to ${whomOf(resend.reply)}: task ${resend.taskId}.`}
          </p>
          {resend?.status === 'failed' && <Problem role="alert">{RESEND_FAILED}</Problem>}
        </Group>
      )}
    </Actions>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
`;

const Group = styled.section`
  display: grid;
  flex: 1 1 320px;
  gap: 8px;
  align-content: start;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  h2 {
    margin: 0;
    font-size: 1.125rem;
  }

  p {
    margin: 0;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Hint = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.error};
`;
