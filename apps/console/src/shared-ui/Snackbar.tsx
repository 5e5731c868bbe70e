import styled, { keyframes } from 'styled-components';

export interface SnackbarProps {
  type: 'default' | 'error';
  text: string;
  /** Dismissing: the snackbar animates out. */
  dismissing: boolean;
  animationMs: number;
  onDismiss: () => void;
}

/**
 * A short message at the bottom of the screen. A default one is announced politely (status); an
 * error interrupts (alert) and offers Dismiss.
 */
export function Snackbar({ type, text, dismissing, animationMs, onDismiss }: SnackbarProps) {
  return (
    <Bar role={type === 'error' ? 'alert' : 'status'} data-type={type} data-dismissing={dismissing} $ms={animationMs}>
      <span>{text}</span>
      {type === 'error' && (
        <DismissButton type="button" onClick={onDismiss} disabled={dismissing}>
          Dismiss
        </DismissButton>
      )}
    </Bar>
  );
}

const slideIn = keyframes`
  from { opacity: 0; transform: translate(-50%, 16px); }
`;

const Bar = styled.div<{ $ms: number }>`
  position: fixed;
  bottom: 24px;
  left: 50%;
  z-index: 1100;
  display: flex;
  gap: 16px;
  align-items: center;
  max-width: min(640px, calc(100vw - 32px));
  padding: 12px 16px;
  color: #ffffff;
  background: #323232;
  border-radius: ${({ theme }) => theme.radiusPx}px;
  box-shadow: 0 6px 20px rgba(15, 23, 42, 0.3);
  transform: translate(-50%, 0);
  animation: ${slideIn} ${({ $ms }) => $ms}ms ease-out;
  transition:
    opacity ${({ $ms }) => $ms}ms ease-in,
    transform ${({ $ms }) => $ms}ms ease-in;

  &[data-type='error'] {
    background: ${({ theme }) => theme.colors.error};
  }

  &[data-dismissing='true'] {
    opacity: 0;
    transform: translate(-50%, 16px);
  }

  @media (prefers-reduced-motion: reduce) {
    animation: none;
    transition: none;
  }
`;

const DismissButton = styled.button`
  flex-shrink: 0;
  padding: 4px 8px;
  font: inherit;
  font-weight: 600;
  color: inherit;
  text-transform: uppercase;
  background: transparent;
  border: 1px solid currentColor;
  border-radius: ${({ theme }) => theme.radiusPx}px;
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid #ffffff;
    outline-offset: 2px;
  }
`;
