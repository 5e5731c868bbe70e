import { BrowserRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { SessionContext } from '../features/session/session-context';
import { GlobalStyle } from '../theme/global-style';
import { theme } from '../theme/theme';
import type { AppServices } from './app-services';
import { AppRoutes } from './AppRoutes';

export function App({ services }: { services: AppServices }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <SessionContext.Provider logic={services.sessionLogic} options={{ input: services.sessionInput }}>
        <BrowserRouter basename="/ui">
          <AppRoutes />
        </BrowserRouter>
      </SessionContext.Provider>
    </ThemeProvider>
  );
}
