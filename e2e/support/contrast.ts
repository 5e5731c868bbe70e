import type { Page } from 'playwright-core';

/** WCAG contrast ratio of the first matching element's text colour against the first opaque background behind it. */
export const contrastOf = (page: Page, selector: string): Promise<number> =>
  page.locator(selector).first().evaluate((element) => {
    const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
    };
    let behind: Element | null = element;
    let background = 'rgb(255, 255, 255)';
    while (behind) {
      const colour = getComputedStyle(behind).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') {
        background = colour;
        break;
      }
      behind = behind.parentElement;
    }
    const [lighter, darker] = [luminance(rgb(getComputedStyle(element).color)), luminance(rgb(background))].sort((a, b) => b - a);
    return (lighter! + 0.05) / (darker! + 0.05);
  });
