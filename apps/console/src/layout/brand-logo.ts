/** Spec: a brand logo string is used only if it is longer than 61 characters. */
const BRAND_LOGO_MIN_EXCLUSIVE_LENGTH = 61;

/** The brand logo to show, or null for the default product logo. */
export function usableBrandLogo(brandLogo: string | null | undefined): string | null {
  return brandLogo && brandLogo.length > BRAND_LOGO_MIN_EXCLUSIVE_LENGTH ? brandLogo : null;
}
