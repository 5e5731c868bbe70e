import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { ApiClient } from '../api/api-client';
import { ApiContext } from '../api/api-context';
import { FeedbackOutlet } from '../feedback/components/FeedbackOutlet';
import { FeedbackContext } from '../feedback/feedback-context';
import { BrandedThemeProvider } from '../session/components/BrandedThemeProvider';
import { SessionContext } from '../session/session-context';
import { stubbedSessionLogic } from './session-fixtures';
import { stubApi } from './stub-api';

interface Options {
  logic?: ReturnType<typeof stubbedSessionLogic>;
  /** A stored token makes the session restore itself, as on a page reload of a signed-in user. */
  storedToken?: string | null;
  path?: string;
  /** The calls screens make themselves; by default every call fails as not stubbed. */
  api?: ApiClient;
}

/** Renders UI the way the app does (session, branded theme, dialog and snackbar, router), with a stubbed session. */
export function renderWithSession(
  ui: ReactElement,
  { logic = stubbedSessionLogic(), storedToken = null, path = '/', api = stubApi() }: Options = {},
) {
  return render(
    <ApiContext.Provider value={api}>
      <SessionContext.Provider logic={logic} options={{ input: { storedToken } }}>
        <BrandedThemeProvider>
          <FeedbackContext.Provider>
            <MemoryRouter initialEntries={[path]}>
              {ui}
              <FeedbackOutlet />
            </MemoryRouter>
          </FeedbackContext.Provider>
        </BrandedThemeProvider>
      </SessionContext.Provider>
    </ApiContext.Provider>,
  );
}
