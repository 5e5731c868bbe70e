import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { focusableIn } from './focusable';

export interface ModalDialogProps {
  /** 'alertdialog' for a question that needs an answer, else 'dialog'. */
  role?: 'dialog' | 'alertdialog';
  /** The id of the element that names the dialog. */
  labelledBy: string;
  /** The id of the element that describes it, if any. */
  describedBy?: string;
  /** Closing: the dialog animates out and takes no more input. */
  closing: boolean;
  animationMs: number;
  /** Escape. */
  onCancel: () => void;
  children: ReactNode;
}

/**
 * A modal dialog: fades and scales in, moves focus inside (to the element marked
 * `data-autofocus`, else the first it can), keeps Tab inside, cancels on Escape, and gives focus
 * back to where it was when it starts closing.
 */
export function ModalDialog({ role = 'dialog', labelledBy, describedBy, closing, animationMs, onCancel, children }: ModalDialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  // Before the focus moves in, so it notes where focus was.
  useReturnFocus(closing);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const first = panel.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(panel)[0] ?? panel;
    first.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Tab' && panelRef.current) {
      keepTabInside(event, panelRef.current);
    }
  };

  return (
    <Backdrop $ms={animationMs} data-closing={closing} inert={closing}>
      <Panel
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        $ms={animationMs}
      >
        {children}
      </Panel>
    </Backdrop>
  );
}

/**
 * Notes what had focus when the dialog opened and gives it back when the dialog starts closing, or
 * when it goes away without closing (replaced by another dialog).
 */
function useReturnFocus(closing: boolean) {
  const previous = useRef<HTMLElement | null>(null);
  const restore = () => {
    const target = previous.current;
    previous.current = null;
    if (target?.isConnected) target.focus();
  };

  useLayoutEffect(() => {
    previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return restore;
  }, []);

  useEffect(() => {
    if (closing) restore();
  }, [closing]);
}

function keepTabInside(event: KeyboardEvent, panel: HTMLElement) {
  const items = focusableIn(panel);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

const fadeIn = keyframes`
  from { opacity: 0; }
`;

const scaleIn = keyframes`
  from { opacity: 0; transform: scale(0.9); }
`;

const Backdrop = styled.div<{ $ms: number }>`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  padding: 16px;
  background: rgba(15, 23, 42, 0.45);
  animation: ${fadeIn} ${({ $ms }) => $ms}ms ease-out;
  transition: opacity ${({ $ms }) => $ms}ms ease-in;

  &[data-closing='true'] {
    opacity: 0;
  }

  @media (prefers-reduced-motion: reduce) {
    animation: none;
    transition: none;
  }
`;

const Panel = styled.div<{ $ms: number }>`
  width: min(440px, 100%);
  padding: 24px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radiusPx * 2}px;
  box-shadow: 0 12px 40px rgba(15, 23, 42, 0.25);
  animation: ${scaleIn} ${({ $ms }) => $ms}ms ease-out;
  transition: transform ${({ $ms }) => $ms}ms ease-in;

  &:focus {
    outline: none;
  }

  [data-closing='true'] > & {
    transform: scale(0.9);
  }

  @media (prefers-reduced-motion: reduce) {
    animation: none;
    transition: none;
  }
`;
