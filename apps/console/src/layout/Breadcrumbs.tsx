import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { breadcrumbs } from '@beacon/contracts';
import { useCurrentConsoleRoute } from '../navigation/use-current-route';
import { useModuleNames } from '../navigation/use-module-names';

/** Spec: a Dashboard link first, then the page name (none on Dashboard), with the spec's in-between links. */
export function Breadcrumbs() {
  const route = useCurrentConsoleRoute();
  const moduleNames = useModuleNames();
  if (!route) return null;
  const crumbs = breadcrumbs(route.key, moduleNames);
  return (
    <nav aria-label="Breadcrumb">
      <Trail>
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`}>
            {crumb.path === undefined ? <span aria-current="page">{crumb.label}</span> : <Link to={crumb.path}>{crumb.label}</Link>}
          </li>
        ))}
      </Trail>
    </nav>
  );
}

const Trail = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin: 0 0 16px;
  padding: 0;
  list-style: none;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};

  li + li::before {
    content: '/';
    margin-right: 4px;
  }

  /* The text colour, underlined: the (brandable) highlight on the page background is below 4.5:1 (#1976d2 gives 4.28). */
  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: underline;
  }
`;
