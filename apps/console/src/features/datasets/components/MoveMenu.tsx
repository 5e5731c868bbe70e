import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { SecondaryButton } from '../../../shared-ui/buttons';
import type { GroupNode } from '../customer-group-tree';

interface MoveMenuProps {
  groupName: string;
  /** The groups it may move under (never itself or one of its descendants), in tree order. */
  targets: readonly GroupNode[];
  disabled: boolean;
  /** A target was chosen: it becomes the pending parent. */
  onChoose: (parentId: string) => void;
}

/**
 * The parent-change menu (spec part 2 §2): a WAI-ARIA menu button. The menu opens with its first
 * target focused; Up, Down, Home and End move, Enter or Space chooses, Escape closes it and gives
 * focus back to the button.
 */
export function MoveMenu({ groupName, targets, disabled, onChoose }: MoveMenuProps) {
  const buttonId = useId();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const choose = (parentId: string) => {
    close(true);
    onChoose(parentId);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const focus = (next: number) => all[(next + all.length) % all.length]?.focus();
    const keys: Record<string, () => void> = {
      ArrowDown: () => focus(index + 1),
      ArrowUp: () => focus(index - 1),
      Home: () => focus(0),
      End: () => focus(all.length - 1),
      Escape: () => close(true),
      Enter: () => choose(all[index]?.dataset['groupId'] ?? ''),
      ' ': () => choose(all[index]?.dataset['groupId'] ?? ''),
    };
    if (event.key === 'Tab') {
      close(false);
      return;
    }
    const action = Object.hasOwn(keys, event.key) ? keys[event.key] : undefined;
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };

  // Focus that leaves the button and its menu closes the menu.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <Wrapper onBlur={onBlur}>
      <SecondaryButton
        ref={button}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled || targets.length === 0}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        Move to…
      </SecondaryButton>
      {open && (
        <Menu ref={menu} id={menuId} role="menu" aria-label={`Move “${groupName}” under`} onKeyDown={onMenuKeyDown}>
          {targets.map((node) => (
            <MenuItem
              key={node.group.id}
              role="menuitem"
              tabIndex={-1}
              data-group-id={node.group.id}
              $level={node.level}
              onClick={() => choose(node.group.id)}
            >
              {node.group.name}
            </MenuItem>
          ))}
        </Menu>
      )}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  position: relative;
`;

const Menu = styled.ul`
  position: absolute;
  z-index: 10;
  min-width: 220px;
  max-height: 320px;
  margin: 4px 0 0;
  padding: 4px 0;
  overflow-y: auto;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;
  box-shadow: 0 8px 24px rgba(15, 23, 42, 0.18);
`;

/** Indented by its level in the tree, so the menu reads like the tree. */
const MenuItem = styled.li<{ $level: number }>`
  padding: 8px 16px 8px ${({ $level }) => 16 + ($level - 1) * 16}px;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;

  &:hover,
  &:focus {
    background: ${({ theme }) => theme.colors.background};
    outline: none;
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: -2px;
  }
`;
