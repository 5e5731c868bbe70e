import { BrowserRouter } from 'react-router-dom';
import { ApiContext } from '../api/api-context';
import { FeedbackOutlet } from '../feedback/components/FeedbackOutlet';
import { FeedbackContext } from '../feedback/feedback-context';
import { BrandedThemeProvider } from '../session/components/BrandedThemeProvider';
import { SessionContext } from '../session/session-context';
import { GlobalStyle } from '../theme/global-style';
import type { AppServices } from './app-services';
import { AppRoutes } from './AppRoutes';

export function App({ services }: { services: AppServices }) {
  return (
    <SessionContext.Provider logic={services.sessionLogic} options={{ input: services.sessionInput }}>
      <BrandedThemeProvider>
        <GlobalStyle />
        <FeedbackContext.Provider options={{ input: { timings: services.timings } }}>
          <ApiContext.Provider value={services.api}>
            <BrowserRouter basename="/ui">
              <AppRoutes />
              <FeedbackOutlet />
            </BrowserRouter>
          </ApiContext.Provider>
        </FeedbackContext.Provider>
      </BrandedThemeProvider>
    </SessionContext.Provider>
  );
}
