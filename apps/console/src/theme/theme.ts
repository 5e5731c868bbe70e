/** Spec section 9: the colours the console uses where no custom branding replaces them. */
export const DEFAULT_HIGHLIGHT_COLOR = '#1976d2';
export const NEW_HIGHLIGHT_COLOR = '#b83b22';
export const PALE_FALLBACK_COLOR = '#f0fcfd';
export const HOVER_FALLBACK_COLOR = '#f6fdfe';

/** Colours and sizes of the console; a customer group's custom branding overrides some colours (branding.ts). */
export const theme = {
  colors: {
    highlight: DEFAULT_HIGHLIGHT_COLOR,
    /** Incident highlights. */
    highlightNew: NEW_HIGHLIGHT_COLOR,
    highlightPale: PALE_FALLBACK_COLOR,
    highlightHover: HOVER_FALLBACK_COLOR,
    header: '#ffffff',
    headerIcons: DEFAULT_HIGHLIGHT_COLOR,
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
