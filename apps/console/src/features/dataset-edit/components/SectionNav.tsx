import type { ConsoleRouteKey } from '@beacon/contracts';
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { sectionPath, type EditSection } from '../dataset-edit-sections';

interface SectionNavProps {
  label: string;
  sections: readonly EditSection[];
  /** The dataset's id. */
  id: string;
  /** The route shown: its link is the current page. */
  page: ConsoleRouteKey;
  /** The section the route is in (Settings for a settings screen), marked current too. */
  current?: ConsoleRouteKey;
  /** Before a link is followed: it may stop it (preventDefault). */
  onFollow?: (event: MouseEvent<HTMLAnchorElement>, to: string) => void;
}

/** Tab-like links to the sections, the one shown marked as the current page. */
export function SectionNav({ label, sections, id, page, current = page, onFollow }: SectionNavProps) {
  return (
    <Tabs aria-label={label}>
      {sections.map(({ routeKey, label: text }) => {
        const to = sectionPath(routeKey, id);
        return (
          <Link
            key={routeKey}
            to={to}
            aria-current={routeKey === page ? 'page' : routeKey === current ? 'true' : undefined}
            onClick={(event) => onFollow?.(event, to)}
          >
            {text}
          </Link>
        );
      })}
    </Tabs>
  );
}

const Tabs = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  a {
    padding: 8px 14px;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    border-bottom: 3px solid transparent;
  }

  a:hover {
    background: ${({ theme }) => theme.colors.highlightHover};
  }

  /* The text keeps the text colour: a branded highlight may be too light for text on the page's background. */
  a[aria-current] {
    font-weight: 600;
    border-bottom-color: ${({ theme }) => theme.colors.highlight};
  }

  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: -2px;
  }
`;
