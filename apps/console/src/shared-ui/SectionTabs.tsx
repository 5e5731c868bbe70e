import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

/** One tab: a link to a part of an edit screen. */
export interface SectionTab {
  readonly key: string;
  readonly label: string;
  readonly to: string;
  /** 'page': the part shown; 'true': the part the page shown belongs to. */
  readonly current?: 'page' | 'true';
}

interface SectionTabsProps {
  /** The navigation's accessible name, e.g. "User sections". */
  label: string;
  tabs: readonly SectionTab[];
  /** Before a link is followed: it may stop it (preventDefault), e.g. to ask about unsaved changes. */
  onFollow?: (event: MouseEvent<HTMLAnchorElement>, to: string) => void;
}

/** Tab-like links to the parts of an edit screen, the one shown marked as the current page. */
export function SectionTabs({ label, tabs, onFollow }: SectionTabsProps) {
  return (
    <Tabs aria-label={label}>
      {tabs.map(({ key, label: text, to, current }) => (
        <Link key={key} to={to} aria-current={current} onClick={(event) => onFollow?.(event, to)}>
          {text}
        </Link>
      ))}
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
