import { useLayoutEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { ItemButton, VisuallyHidden } from './controls';

interface ReorderableListProps<T extends { id: string }> {
  items: readonly T[];
  /** Names the list for assistive technology. */
  label: string;
  /** What the move buttons and announcements call an item. */
  itemName: (item: T) => string;
  /** Move the item at `from` so that it ends up at `to`. */
  onMove: (from: number, to: number) => void;
  /** False for a read-only user; moving also waits while another change is saved. */
  movable: boolean;
  busy?: boolean;
  renderItem: (item: T, index: number) => ReactNode;
}

type Direction = 'up' | 'down';

/**
 * An ordered list that can be reordered by dragging an item's handle onto another item (it takes
 * that item's place) or, from the keyboard, with each item's Move up and Move down buttons. Focus
 * stays on the moved item's button and the new position is announced.
 */
export function ReorderableList<T extends { id: string }>({
  items,
  label,
  itemName,
  onMove,
  movable,
  busy = false,
  renderItem,
}: ReorderableListProps<T>) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const refocus = useRef<{ id: string; direction: Direction } | null>(null);
  const canMove = movable && !busy;

  useLayoutEffect(() => {
    const wanted = refocus.current;
    if (!wanted || !listRef.current) return;
    const item = Array.from(listRef.current.children).find((row) => (row as HTMLElement).dataset.itemId === wanted.id);
    const same = item?.querySelector<HTMLButtonElement>(`button[data-move="${wanted.direction}"]`);
    const other = item?.querySelector<HTMLButtonElement>(`button[data-move="${wanted.direction === 'up' ? 'down' : 'up'}"]`);
    const target = same && !same.disabled ? same : other;
    if (target && !target.disabled) {
      target.focus();
      refocus.current = null;
    }
  }, [items, busy]);

  const move = (from: number, to: number) => {
    const item = items[from];
    if (!canMove || !item || from === to || to < 0 || to >= items.length) return;
    setAnnouncement(`Moved ${itemName(item)} to position ${to + 1} of ${items.length}.`);
    onMove(from, to);
  };

  const moveByKey = (index: number, direction: Direction) => {
    refocus.current = { id: items[index]!.id, direction };
    move(index, direction === 'up' ? index - 1 : index + 1);
  };

  const endDrag = () => {
    setDragFrom(null);
    setDropAt(null);
  };

  const startDrag = (event: DragEvent<HTMLElement>, index: number) => {
    setDragFrom(index);
    const transfer = event.dataTransfer;
    if (transfer) {
      transfer.effectAllowed = 'move';
      // Some browsers start a drag only with data set.
      transfer.setData('text/plain', items[index]!.id);
      const row = event.currentTarget.closest('li');
      if (row && typeof transfer.setDragImage === 'function') transfer.setDragImage(row, 16, 16);
    }
  };

  const dragOver = (event: DragEvent<HTMLElement>, index: number) => {
    if (dragFrom === null) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
    if (dropAt !== index) setDropAt(index);
  };

  const drop = (event: DragEvent<HTMLElement>, index: number) => {
    if (dragFrom === null) return;
    event.preventDefault();
    const from = dragFrom;
    endDrag();
    move(from, index);
  };

  return (
    <>
      <List ref={listRef} aria-label={label} aria-busy={busy || undefined}>
        {items.map((item, index) => (
          <Item
            key={item.id}
            data-item-id={item.id}
            data-dragging={dragFrom === index || undefined}
            data-drop-target={dropAt === index && dragFrom !== index ? (dragFrom !== null && dragFrom < index ? 'after' : 'before') : undefined}
            onDragOver={(event) => dragOver(event, index)}
            onDragLeave={() => setDropAt((current) => (current === index ? null : current))}
            onDrop={(event) => drop(event, index)}
          >
            {movable && (
              <Handle
                draggable={canMove}
                onDragStart={(event) => startDrag(event, index)}
                onDragEnd={endDrag}
                title={`Drag to move ${itemName(item)}`}
                data-testid="drag-handle"
                aria-hidden="true"
              >
                ⠿
              </Handle>
            )}
            <Content>{renderItem(item, index)}</Content>
            {movable && (
              <MoveButtons>
                <ItemButton type="button" data-move="up" disabled={!canMove || index === 0} onClick={() => moveByKey(index, 'up')}>
                  Move up<VisuallyHidden> {itemName(item)}</VisuallyHidden>
                </ItemButton>
                <ItemButton
                  type="button"
                  data-move="down"
                  disabled={!canMove || index === items.length - 1}
                  onClick={() => moveByKey(index, 'down')}
                >
                  Move down<VisuallyHidden> {itemName(item)}</VisuallyHidden>
                </ItemButton>
              </MoveButtons>
            )}
          </Item>
        ))}
      </List>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </>
  );
}

const List = styled.ol`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;

  &[aria-busy='true'] {
    cursor: progress;
  }
`;

const Item = styled.li`
  display: flex;
  gap: 12px;
  align-items: flex-start;
  padding: 10px 12px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  &[data-dragging='true'] {
    opacity: 0.5;
  }

  &[data-drop-target='before'] {
    box-shadow: inset 0 3px 0 ${({ theme }) => theme.colors.highlight};
  }

  &[data-drop-target='after'] {
    box-shadow: inset 0 -3px 0 ${({ theme }) => theme.colors.highlight};
  }
`;

const Handle = styled.span`
  padding: 4px 2px;
  font-size: 1.25rem;
  line-height: 1;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: grab;
  user-select: none;

  &[draggable='false'] {
    cursor: default;
    opacity: 0.4;
  }
`;

const Content = styled.div`
  flex: 1;
  min-width: 0;
`;

const MoveButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
`;
