import type { IncidentReportSummaryDto } from '@beacon/contracts';
import { useId } from 'react';
import styled from 'styled-components';
import { REPORT_STATES } from '../incident-reports-query';
import { stateLabel } from '../../../formatting/incident-state-labels';

interface IncidentReportSummaryProps {
  summary: IncidentReportSummaryDto | null;
  error: string | null;
  loading: boolean;
  /** The configured plural module name, e.g. "Cases". */
  plural: string;
}

/** The summary of the applied filters (states, form, dates): how many incidents, by state and by form. */
export function IncidentReportSummary({ summary, error, loading, plural }: IncidentReportSummaryProps) {
  const headingId = useId();
  return (
    <Block aria-labelledby={headingId} aria-busy={loading}>
      <h2 id={headingId}>Summary</h2>
      {error !== null && <ErrorText role="alert">{error}</ErrorText>}
      {summary === null && error === null && <Muted>Loading the summary…</Muted>}
      {summary && (
        <Columns>
          <Column>
            <h3>Total</h3>
            <Total>
              {summary.total} {plural}
            </Total>
          </Column>
          <Column>
            <h3>By state</h3>
            <Counts>
              {REPORT_STATES.map((state) => (
                <div key={state}>
                  <dt>{stateLabel(state)}</dt>
                  <dd>{summary.by_state[state] ?? 0}</dd>
                </div>
              ))}
            </Counts>
          </Column>
          <Column>
            <h3>By form</h3>
            {summary.by_form.length === 0 ? (
              <Muted>None</Muted>
            ) : (
              <Counts>
                {summary.by_form.map((entry) => (
                  <div key={entry.form}>
                    <dt>{entry.name}</dt>
                    <dd>{entry.count}</dd>
                  </div>
                ))}
              </Counts>
            )}
          </Column>
        </Columns>
      )}
    </Block>
  );
}

const Block = styled.section`
  display: grid;
  gap: 8px;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  &[aria-busy='true'] dl {
    opacity: 0.6;
  }

  h2 {
    margin: 0;
    font-size: 1.125rem;
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 16px;
`;

const Column = styled.div`
  display: grid;
  gap: 4px;
  align-content: start;

  h3 {
    margin: 0;
    font-size: 0.875rem;
    font-weight: 600;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Total = styled.p`
  margin: 0;
  font-size: 1.5rem;
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;

const Counts = styled.dl`
  display: grid;
  gap: 4px;
  margin: 0;
  align-content: start;

  div {
    display: flex;
    justify-content: space-between;
    gap: 12px;
  }

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
`;
