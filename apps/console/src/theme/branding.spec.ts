import { describe, expect, it } from '@jest/globals';
import { brandingTheme, hoverColor, paleColor, type BrandingFields } from './branding';
import { theme } from './theme';

const noBranding: BrandingFields = {
  enable_custom_branding: false,
  highlight_color: '',
  highlight_incident_color: '',
  header_color: '',
  header_icons_color: '',
};

const branded = (fields: Partial<BrandingFields>): BrandingFields => ({
  ...noBranding,
  enable_custom_branding: true,
  ...fields,
});

describe('brandingTheme', () => {
  it('gives the spec’s default colours without a customer group', () => {
    const { colors } = brandingTheme(null);

    expect(colors).toMatchObject({
      highlight: '#1976d2',
      highlightNew: '#b83b22',
      highlightPale: '#f0fcfd',
      highlightHover: '#f6fdfe',
    });
  });

  it('ignores the group’s colours while custom branding is not enabled', () => {
    const group = { ...branded({ highlight_color: '#aa0000', header_color: '#00aa00' }), enable_custom_branding: false };

    expect(brandingTheme(group)).toBe(theme);
  });

  it('applies highlight, incident highlight, header and header icons colours when branding is enabled', () => {
    const { colors } = brandingTheme(
      branded({
        highlight_color: '#aa0000',
        highlight_incident_color: '#00aa00',
        header_color: '#0000aa',
        header_icons_color: '#ffffff',
      }),
    );

    expect(colors).toMatchObject({
      highlight: '#aa0000',
      highlightNew: '#00aa00',
      header: '#0000aa',
      headerIcons: '#ffffff',
    });
  });

  it('derives pale (+"11") and hover (+"99") from a 6-digit hex highlight', () => {
    const { colors } = brandingTheme(branded({ highlight_color: '#12AB9f' }));

    expect(colors.highlightPale).toBe('#12AB9f11');
    expect(colors.highlightHover).toBe('#12AB9f99');
  });

  it.each(['#abc', 'teal', 'rgb(10, 20, 30)'])('falls back to the spec’s pale and hover for %s', (highlight) => {
    const { colors } = brandingTheme(branded({ highlight_color: highlight }));

    expect(colors.highlight).toBe(highlight);
    expect(colors.highlightPale).toBe('#f0fcfd');
    expect(colors.highlightHover).toBe('#f6fdfe');
  });

  it('keeps the defaults, and the fallbacks, for colours the group left empty', () => {
    const { colors } = brandingTheme(branded({ header_color: '#333333' }));

    expect(colors).toMatchObject({
      highlight: '#1976d2',
      highlightNew: '#b83b22',
      highlightPale: '#f0fcfd',
      highlightHover: '#f6fdfe',
      header: '#333333',
      headerIcons: theme.colors.headerIcons,
    });
  });

  it('refuses a value that is not a colour rather than put it in the style sheet', () => {
    const { colors } = brandingTheme(branded({ highlight_color: 'red; } body { display: none', header_color: 'url(x)' }));

    expect(colors.highlight).toBe('#1976d2');
    expect(colors.header).toBe(theme.colors.header);
  });

  it('leaves everything but the colours alone', () => {
    const result = brandingTheme(branded({ highlight_color: '#aa0000' }));

    expect({ ...result, colors: undefined }).toEqual({ ...theme, colors: undefined });
    expect(result.colors.text).toBe(theme.colors.text);
  });
});

describe('pale and hover colours', () => {
  it('append the alpha suffixes only to 6-digit hex colours', () => {
    expect(paleColor('#000000')).toBe('#00000011');
    expect(hoverColor('#000000')).toBe('#00000099');
    expect(paleColor('#00000000')).toBe('#f0fcfd');
    expect(hoverColor(null)).toBe('#f6fdfe');
  });
});
