import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

interface SummaryPanelProps {
  title: string;
  /** What the panel shows while there is nothing to list. */
  emptyText: string;
  /** The screen with the full list, when the user's menu offers it. */
  more?: { to: string; label: string };
}

/**
 * A titled dashboard panel. It shows its empty state until the feature behind it exists; the list
 * joins it then.
 */
export function SummaryPanel({ title, emptyText, more }: SummaryPanelProps) {
  const titleId = useId();
  return (
    <Panel aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <Empty>{emptyText}</Empty>
      {more && <Link to={more.to}>{more.label}</Link>}
    </Panel>
  );
}

const Panel = styled.section`
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  h2 {
    margin-top: 0;
    font-size: 1.125rem;
  }
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
