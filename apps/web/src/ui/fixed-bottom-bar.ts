import { useEffect } from 'react';

/** The CSS variable the site footer keeps clear of (site-footer.module.css): the height of a bar fixed to the bottom. */
const BOTTOM_BAR_VARIABLE = '--fixed-bottom-bar';

/**
 * A page with a bar fixed to the bottom (the corp tabs, the pay button) reserves its height, so the
 * footer under the page can be scrolled above it.
 */
export function useFixedBottomBar(height: string): void {
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty(BOTTOM_BAR_VARIABLE, height);
    return () => {
      root.removeProperty(BOTTOM_BAR_VARIABLE);
    };
  }, [height]);
}
