import { useLayoutEffect, useState } from 'react';

/**
 * The width of the element the returned ref is put on, following it as it resizes; `fallback` until
 * it is measured, and where the browser cannot measure (no ResizeObserver, no layout). A callback
 * ref, so an element that comes later (a chart once there is something to draw) is measured too.
 */
export function useElementWidth<E extends HTMLElement>(fallback: number) {
  const [element, ref] = useState<E | null>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return { ref, width };
}
