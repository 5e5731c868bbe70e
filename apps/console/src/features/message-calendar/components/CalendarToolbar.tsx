import type { KeyboardEvent } from 'react';
import styled from 'styled-components';
import { SecondaryButton } from '../../../shared-ui/buttons';
import { VisuallyHidden } from '../../../shared-ui/form-controls';
import { SegmentedChoice } from '../../../shared-ui/SegmentedChoice';
import { CALENDAR_VIEWS, periodName, VIEW_UNITS, type CalendarPeriod, type CalendarView } from '../calendar-period';

export const VIEW_LABELS: Readonly<Record<CalendarView, string>> = { day: 'Day', week: 'Week', month: 'Month' };

interface CalendarToolbarProps {
  period: CalendarPeriod;
  /** The id the period's name takes, so the calendar can be named by it. */
  titleId: string;
  onView: (view: CalendarView) => void;
  onShift: (step: -1 | 1) => void;
  onToday: () => void;
}

/**
 * Day, week or month (radios: the arrow keys move between them), Previous, Today and Next, and the
 * period's name, read out when it changes. Page Up and Page Down move a period back or on from
 * anywhere in the toolbar.
 */
export function CalendarToolbar({ period, titleId, onView, onShift, onToday }: CalendarToolbarProps) {
  const unit = VIEW_UNITS[period.view];
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'PageUp' && event.key !== 'PageDown') return;
    event.preventDefault();
    onShift(event.key === 'PageUp' ? -1 : 1);
  };
  return (
    <Bar role="group" aria-label="Calendar period" onKeyDown={onKeyDown}>
      <SegmentedChoice legend="View" choices={CALENDAR_VIEWS} labels={VIEW_LABELS} value={period.view} onChoose={onView} />
      <Steps>
        <SecondaryButton type="button" aria-keyshortcuts="PageUp" onClick={() => onShift(-1)}>
          <span aria-hidden="true">‹ </span>Previous<VisuallyHidden> {unit}</VisuallyHidden>
        </SecondaryButton>
        <SecondaryButton type="button" onClick={onToday}>
          Today
        </SecondaryButton>
        <SecondaryButton type="button" aria-keyshortcuts="PageDown" onClick={() => onShift(1)}>
          Next<VisuallyHidden> {unit}</VisuallyHidden>
          <span aria-hidden="true"> ›</span>
        </SecondaryButton>
      </Steps>
      <PeriodName id={titleId} aria-live="polite">
        {periodName(period)}
      </PeriodName>
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 24px;
  align-items: center;
  padding: 12px 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;
`;

const Steps = styled.div`
  display: flex;
  gap: 8px;
`;

const PeriodName = styled.h2`
  margin: 0;
  font-size: 1.125rem;
`;
