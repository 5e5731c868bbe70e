import { useMemo, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { brandingTheme } from '../../theme/branding';
import { SessionContext } from '../session-context';
import { selectCustomerGroup } from '../session.selectors';

/** The styled-components theme with the signed-in group's custom branding, if it has any. */
export function BrandedThemeProvider({ children }: { children: ReactNode }) {
  const customerGroup = SessionContext.useSelector(selectCustomerGroup);
  const theme = useMemo(() => brandingTheme(customerGroup), [customerGroup]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
