import { useId, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { visibleNodes, type GroupNode } from '../customer-group-tree';

interface CustomerGroupTreeProps {
  tree: readonly GroupNode[];
  /** The id of the element that names the tree. */
  labelledBy: string;
  /** The group the actions apply to; it is the tree's one tab stop. */
  selectedId: string | null;
  collapsed: ReadonlySet<string>;
  onSelect: (id: string) => void;
  onExpandedChange: (id: string, expanded: boolean) => void;
  /** Enter on a group: its edit screen. */
  onOpen: (id: string) => void;
  editPath: (id: string) => string;
  /** The groups are loading again: the tree says so to assistive technology. */
  busy: boolean;
}

/**
 * The customer groups as a WAI-ARIA tree (single select, selection follows focus): Up and Down
 * move through the groups shown, Right opens a group or goes to its first child, Left closes it or
 * goes to its parent, Home and End go to the first and last group, Enter opens the group's edit
 * screen, a letter goes to the next group whose name starts with it. Each group's name is also a
 * link to that screen for pointer users. The items are one flat list, their place in the tree given by
 * aria-level, aria-setsize and aria-posinset (as WAI-ARIA allows): an item that held its children's items
 * would have their names in its visible text, which then no longer matches its own name (WCAG 2.5.3).
 */
export function CustomerGroupTree({ tree, labelledBy, selectedId, collapsed, onSelect, onExpandedChange, onOpen, editPath, busy }: CustomerGroupTreeProps) {
  const items = useRef(new Map<string, HTMLLIElement>());
  const shown = visibleNodes(tree, collapsed);
  const current = shown.find((node) => node.group.id === selectedId) ?? shown[0];

  const moveTo = (node: GroupNode | undefined) => {
    if (!node) return;
    onSelect(node.group.id);
    items.current.get(node.group.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement;
    if (target.getAttribute('role') !== 'treeitem') return;
    const index = shown.findIndex((node) => node.group.id === target.dataset['groupId']);
    const node = shown[index];
    if (!node) return;
    const expanded = node.children.length > 0 && !collapsed.has(node.group.id);
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(shown[index + 1]),
      ArrowUp: () => moveTo(shown[index - 1]),
      Home: () => moveTo(shown[0]),
      End: () => moveTo(shown[shown.length - 1]),
      ArrowRight: () => {
        if (node.children.length === 0) return;
        if (expanded) moveTo(node.children[0]);
        else onExpandedChange(node.group.id, true);
      },
      ArrowLeft: () => {
        if (expanded) onExpandedChange(node.group.id, false);
        else moveTo(node.parent ?? undefined);
      },
      Enter: () => onOpen(node.group.id),
    };
    const action = Object.hasOwn(keys, event.key) ? keys[event.key] : typeAhead(event);
    if (!action) return;
    event.preventDefault();
    action();
  };

  // A letter goes to the next group shown whose name starts with it, from the current one round.
  const typeAhead = (event: KeyboardEvent) => {
    if (event.key.length !== 1 || event.key === ' ' || event.ctrlKey || event.metaKey || event.altKey) return undefined;
    const letter = event.key.toLocaleLowerCase();
    const start = shown.findIndex((node) => node.group.id === current?.group.id);
    const ordered = [...shown.slice(start + 1), ...shown.slice(0, start + 1)];
    const match = ordered.find((node) => node.group.name.trim().toLocaleLowerCase().startsWith(letter));
    return match ? () => moveTo(match) : undefined;
  };

  return (
    <Tree role="tree" aria-labelledby={labelledBy} aria-busy={busy} onKeyDown={onKeyDown}>
      {shown.map((node) => (
        <TreeItem
          key={node.group.id}
          node={node}
          siblings={node.parent ? node.parent.children : tree}
          selected={node === current}
          collapsed={collapsed}
          register={(id, element) => (element ? items.current.set(id, element) : items.current.delete(id))}
          onSelect={onSelect}
          onExpandedChange={onExpandedChange}
          editPath={editPath}
        />
      ))}
    </Tree>
  );
}

interface TreeItemProps {
  node: GroupNode;
  /** The node's parent's children (the roots for a root): its set for aria-setsize and aria-posinset. */
  siblings: readonly GroupNode[];
  selected: boolean;
  collapsed: ReadonlySet<string>;
  register: (id: string, element: HTMLLIElement | null) => void;
  onSelect: (id: string) => void;
  onExpandedChange: (id: string, expanded: boolean) => void;
  editPath: (id: string) => string;
}

function TreeItem({ node, siblings, selected, collapsed, register, onSelect, onExpandedChange, editPath }: TreeItemProps) {
  const labelId = useId();
  const { group, level, children } = node;
  const hasChildren = children.length > 0;
  const expanded = hasChildren && !collapsed.has(group.id);
  const self = useRef<HTMLLIElement | null>(null);

  return (
    <li
      ref={(element) => {
        self.current = element;
        register(group.id, element);
      }}
      role="treeitem"
      aria-level={level}
      aria-setsize={siblings.length}
      aria-posinset={siblings.indexOf(node) + 1}
      aria-expanded={hasChildren ? expanded : undefined}
      aria-selected={selected}
      aria-labelledby={labelId}
      tabIndex={selected ? 0 : -1}
      data-group-id={group.id}
      onFocus={() => onSelect(group.id)}
    >
      <Row $level={level} data-selected={selected} onClick={() => self.current?.focus()}>
        <Toggle
          aria-hidden="true"
          data-expandable={hasChildren}
          onClick={(event) => {
            event.stopPropagation();
            if (hasChildren) onExpandedChange(group.id, !expanded);
            self.current?.focus();
          }}
        >
          {hasChildren ? (expanded ? '▾' : '▸') : ''}
        </Toggle>
        <Name id={labelId} to={editPath(group.id)} tabIndex={-1}>
          {group.name}
        </Name>
      </Row>
    </li>
  );
}

const Tree = styled.ul`
  margin: 0;
  padding: 4px 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  [role='treeitem'] {
    outline: none;
  }

  [role='treeitem']:focus-visible > div {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: -2px;
  }
`;

/** One group's line, indented by its level; the selected one is marked by a bar and bold text, not by colour alone. */
const Row = styled.div<{ $level: number }>`
  display: flex;
  gap: 4px;
  align-items: center;
  min-height: 36px;
  padding: 4px 12px 4px ${({ $level }) => 8 + ($level - 1) * 24}px;
  border-left: 4px solid transparent;
  cursor: pointer;

  &[data-selected='true'] {
    font-weight: 600;
    background: ${({ theme }) => theme.colors.background};
    border-left-color: ${({ theme }) => theme.colors.highlight};
  }

  &:hover {
    background: ${({ theme }) => theme.colors.background};
  }
`;

const Toggle = styled.span`
  display: inline-grid;
  place-items: center;
  width: 24px;
  height: 24px;
  color: ${({ theme }) => theme.colors.text};

  &[data-expandable='true'] {
    cursor: pointer;
  }
`;

/** The text colour, not the (brandable) highlight, keeps the names readable on any branding. */
const Name = styled(Link)`
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover {
    text-decoration: underline;
  }
`;
