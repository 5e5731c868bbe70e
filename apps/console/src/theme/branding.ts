import type { CustomerGroupDto } from '@beacon/contracts';
import { HOVER_FALLBACK_COLOR, PALE_FALLBACK_COLOR, theme, type AppTheme } from './theme';

export type BrandingFields = Pick<
  CustomerGroupDto,
  'enable_custom_branding' | 'highlight_color' | 'highlight_incident_color' | 'header_color' | 'header_icons_color'
>;

/**
 * The console's theme for a customer group (spec section 4): its colours apply only when it has
 * custom branding enabled; a colour it leaves empty keeps the default.
 */
export function brandingTheme(group: BrandingFields | null | undefined): AppTheme {
  if (!group?.enable_custom_branding) return theme;
  const highlight = cssColor(group.highlight_color);
  return {
    ...theme,
    colors: {
      ...theme.colors,
      highlight: highlight ?? theme.colors.highlight,
      highlightPale: paleColor(highlight),
      highlightHover: hoverColor(highlight),
      highlightNew: cssColor(group.highlight_incident_color) ?? theme.colors.highlightNew,
      header: cssColor(group.header_color) ?? theme.colors.header,
      headerIcons: cssColor(group.header_icons_color) ?? theme.colors.headerIcons,
    },
  };
}

/** Spec: the pale colour adds "11" (alpha) to a 6-digit hex colour; any other gets the fallback. */
export function paleColor(color: string | null): string {
  return color !== null && isSixDigitHex(color) ? `${color}11` : PALE_FALLBACK_COLOR;
}

/** Spec: the hover colour adds "99" (alpha) to a 6-digit hex colour; any other gets the fallback. */
export function hoverColor(color: string | null): string {
  return color !== null && isSixDigitHex(color) ? `${color}99` : HOVER_FALLBACK_COLOR;
}

function isSixDigitHex(color: string): boolean {
  return /^#[0-9a-f]{6}$/i.test(color);
}

const COLOR_FORMS = [
  /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i,
  /^(?:rgb|rgba|hsl|hsla)\([\d\s.,%/+-]+\)$/i,
  /^[a-z]+$/i,
];

/**
 * The colour as the group gave it, or null when it is empty or not a colour. The value goes into
 * the style sheet, so anything else (a stray ";" or "}") is refused rather than injected.
 */
function cssColor(value: string | null | undefined): string | null {
  const color = value?.trim() ?? '';
  return COLOR_FORMS.some((form) => form.test(color)) ? color : null;
}
