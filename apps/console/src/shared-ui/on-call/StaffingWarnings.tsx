import { useId } from 'react';
import styled from 'styled-components';
import { SecondaryButton } from '../buttons';

export const STAFFING_WARNINGS_TITLE = 'Staffing warnings';
export const STAFFING_WARNINGS_INTRO = 'The change is saved, but fewer users are on call than a minimum staffing asks for:';

/**
 * The staffing warnings of the last roster change ("Minimum staffing requirements"): advice that never
 * stops the change. The polite live region is always there, so what appears in it is announced.
 */
export function StaffingWarnings({ warnings, onDismiss }: { warnings: readonly string[]; onDismiss: () => void }) {
  const titleId = useId();
  return (
    <div role="status" aria-live="polite">
      {warnings.length > 0 && (
        <Panel aria-labelledby={titleId}>
          <h3 id={titleId}>{STAFFING_WARNINGS_TITLE}</h3>
          <p>{STAFFING_WARNINGS_INTRO}</p>
          <ul>
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
          <div>
            <SecondaryButton type="button" onClick={onDismiss}>
              Dismiss the warnings
            </SecondaryButton>
          </div>
        </Panel>
      )}
    </div>
  );
}

/* Text colour on the surface with a warning-coloured edge: the text keeps its contrast whatever the brand. */
const Panel = styled.section`
  display: grid;
  gap: 8px;
  padding: 12px 16px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  h3,
  p,
  ul {
    margin: 0;
  }

  h3 {
    font-size: 1rem;
  }

  ul {
    padding-left: 20px;
  }
`;
