/**
 * A table wider than its page (fixed action columns at 1280 px, docs/decisions/063-console-fits-and-date-pickers.md)
 * scrolls sideways inside `.ant-table-content`. Rows with links let a keyboard reach and scroll it; an
 * empty table, or one of plain text, does not, so such a region is made a tab stop of its own with a
 * Chinese name (axe's scrollable-region-focusable). Regions that do not overflow, or that hold a
 * focusable element, are left alone: the lists' Tab walks stay as they are.
 */
const REGION = '.ant-table-content, .ant-table-body';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
const MARK = 'data-scroll-stop';

function updateRegion(region: HTMLElement): void {
  const overflows = region.scrollWidth > region.clientWidth + 1 || region.scrollHeight > region.clientHeight + 1;
  const needsStop = overflows && region.querySelector(FOCUSABLE) === null;
  if (needsStop && !region.hasAttribute(MARK)) {
    region.setAttribute(MARK, '');
    region.tabIndex = 0;
    region.setAttribute('role', 'region');
    region.setAttribute('aria-label', '表格（可左右滚动）');
  } else if (!needsStop && region.hasAttribute(MARK)) {
    region.removeAttribute(MARK);
    region.removeAttribute('tabindex');
    region.removeAttribute('role');
    region.removeAttribute('aria-label');
  }
}

/** Watches `root` for tables (after each change, once laid out, and on resize); returns the stop function. */
export function installScrollableTables(root: HTMLElement): () => void {
  let frame: number | undefined;
  const scan = () => {
    frame = undefined;
    for (const region of root.querySelectorAll<HTMLElement>(REGION)) updateRegion(region);
  };
  const schedule = () => {
    frame ??= requestAnimationFrame(scan);
  };
  // Its own attribute changes are not watched (childList only), so marking a region does not loop.
  const observer = new MutationObserver(schedule);
  observer.observe(root, { subtree: true, childList: true });
  window.addEventListener('resize', schedule);
  schedule();
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', schedule);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
}
