import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll } from 'vitest';

/**
 * The console's component tests in jsdom: what antd needs that jsdom lacks (media queries,
 * ResizeObserver for tabs), React's act environment, and one tree mounted per test, unmounted after it.
 * Call at the top of a test file; `mount` renders and returns the tree's container.
 */
export function mountPerTest(): { mount(ui: ReactNode): HTMLDivElement } {
  let container: HTMLDivElement | undefined;
  let root: Root | undefined;
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
    root = undefined;
    container = undefined;
  });
  return {
    mount(ui) {
      const host = document.createElement('div');
      document.body.append(host);
      container = host;
      const created = createRoot(host);
      root = created;
      act(() => created.render(ui));
      return host;
    },
  };
}
