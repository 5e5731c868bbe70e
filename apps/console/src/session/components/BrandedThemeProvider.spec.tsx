import { screen } from '@testing-library/react';
import { useTheme } from 'styled-components';
import { describe, expect, it } from '@jest/globals';
import { renderWithSession } from '../../testing/render-with-session';
import { aLoadedSession, stubbedSessionLogic } from '../../testing/session-fixtures';

function HighlightProbe() {
  const { colors } = useTheme();
  return <p>{`${colors.highlight} ${colors.highlightPale} ${colors.header}`}</p>;
}

const brandedSession = {
  ...aLoadedSession,
  customerGroup: {
    ...aLoadedSession.customerGroup,
    enable_custom_branding: true,
    highlight_color: '#7b1fa2',
    header_color: '#263238',
  },
};

describe('BrandedThemeProvider', () => {
  it('themes the console with the signed-in group’s branding', async () => {
    renderWithSession(<HighlightProbe />, {
      storedToken: 'token-1',
      logic: stubbedSessionLogic({ loadSession: async () => brandedSession }),
    });

    expect(await screen.findByText('#7b1fa2 #7b1fa211 #263238')).not.toBeNull();
  });

  it('keeps the default theme while signed out', () => {
    renderWithSession(<HighlightProbe />);

    expect(screen.getByText('#1976d2 #f0fcfd #ffffff')).not.toBeNull();
  });
});
