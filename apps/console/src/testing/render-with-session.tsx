import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { SessionContext } from '../features/session/session-context';
import { theme } from '../theme/theme';
import { stubbedSessionLogic } from './session-fixtures';

interface Options {
  logic?: ReturnType<typeof stubbedSessionLogic>;
  /** A stored token makes the session restore itself, as on a page reload of a signed-in user. */
  storedToken?: string | null;
  path?: string;
}

/** Renders UI the way the app does (theme, session, router), with a stubbed session. */
export function renderWithSession(ui: ReactElement, { logic = stubbedSessionLogic(), storedToken = null, path = '/' }: Options = {}) {
  return render(
    <ThemeProvider theme={theme}>
      <SessionContext.Provider logic={logic} options={{ input: { storedToken } }}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </SessionContext.Provider>
    </ThemeProvider>,
  );
}
