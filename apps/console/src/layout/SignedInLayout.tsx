import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import styled, { useTheme } from 'styled-components';
import { Breadcrumbs } from './Breadcrumbs';
import { Drawer } from './Drawer';
import { Header } from './Header';

const DRAWER_ID = 'main-drawer';

/** The frame around every signed-in page: header, left drawer with the menu, breadcrumbs and the page. */
export function SignedInLayout() {
  const theme = useTheme();
  const isNarrow = () => window.innerWidth < theme.narrowScreenPx;
  const [menuOpen, setMenuOpen] = useState(() => !isNarrow());

  return (
    <Shell>
      <Header drawerId={DRAWER_ID} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <Body>
        <Drawer
          id={DRAWER_ID}
          hidden={!menuOpen}
          // Spec: on a window narrower than 769 px, choosing a page closes the menu so the page can be seen.
          onNavigate={() => isNarrow() && setMenuOpen(false)}
        />
        <Main>
          <Breadcrumbs />
          <Suspense fallback={<p role="status">Loading…</p>}>
            <Outlet />
          </Suspense>
        </Main>
      </Body>
    </Shell>
  );
}

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const Body = styled.div`
  display: flex;
  flex: 1;
`;

const Main = styled.main`
  flex: 1;
  min-width: 0;
  padding: 16px 24px 24px;
`;
