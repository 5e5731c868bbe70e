import { forwardRef, useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { BUILDER_TAB_NAMES } from '../../../formatting/builder-tab-names';
import { SecondaryButton } from '../../../shared-ui/buttons';
import type { SendFailure } from '../send-failure';
import type { MessageBuilderStep } from '@beacon/contracts';

interface SendFailurePanelProps {
  name: string;
  reason: SendFailure;
  /** Where Edit Message shows a tab of this message, or null where the viewer may not open it. */
  tabPath: (step: MessageBuilderStep) => string | null;
  onTryAgain: () => void;
}

/**
 * Why a send did not start: each builder tab the check refused, with its messages and a link to that
 * tab in Edit Message; other reasons in the server's words; Try again (under the same key) when the
 * send may or may not have reached the server.
 */
export const SendFailurePanel = forwardRef<HTMLHeadingElement, SendFailurePanelProps>(function SendFailurePanel({ name, reason, tabPath, onTryAgain }, heading) {
  const id = useId();
  return (
    <Panel aria-labelledby={id}>
      <h2 id={id} ref={heading} tabIndex={-1}>
        “{name}” was not sent
      </h2>
      {reason.tabs.length > 0 && (
        <>
          <p>The message needs changes before it can be sent:</p>
          <ul>
            {reason.tabs.map(({ step, messages }) => {
              const path = tabPath(step);
              return (
                <li key={step}>
                  <strong>{BUILDER_TAB_NAMES[step]} tab:</strong> {messages.join(' ')}{' '}
                  {path && <Link to={path}>Open {BUILDER_TAB_NAMES[step]} in Edit Message</Link>}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {reason.messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {reason.mayTryAgain && (
        <div>
          <SecondaryButton type="button" onClick={onTryAgain}>
            Try again
          </SecondaryButton>
        </div>
      )}
    </Panel>
  );
});

const Panel = styled.section`
  display: grid;
  gap: 8px;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  h2 {
    margin: 0;
    font-size: 1.125rem;
    color: ${({ theme }) => theme.colors.error};
  }

  h2:focus {
    outline: none;
  }

  p,
  ul {
    margin: 0;
  }

  ul {
    display: grid;
    gap: 4px;
    padding-left: 20px;
  }

  a {
    color: ${({ theme }) => theme.colors.text};
  }

  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }
`;
