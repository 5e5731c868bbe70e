/** Colours and sizes of the console; the defaults a customer group's custom branding will later override. */
export const theme = {
  colors: {
    highlight: '#1976d2',
    highlightNew: '#b83b22',
    highlightPale: '#f0fcfd',
    highlightHover: '#f6fdfe',
    header: '#ffffff',
    headerIcons: '#1976d2',
    text: '#1f2933',
    textMuted: '#5f6b7a',
    background: '#f5f7fa',
    surface: '#ffffff',
    border: '#dde3ea',
    error: '#b00020',
  },
  /** Below this width the menu closes after a choice (spec: narrow-screen breakpoint). */
  narrowScreenPx: 769,
  drawerWidthPx: 260,
  headerHeightPx: 56,
  radiusPx: 6,
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
};

export type AppTheme = typeof theme;
