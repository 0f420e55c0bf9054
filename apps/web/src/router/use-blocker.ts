import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useRouter } from './router.tsx';

export interface Blocker {
  /** Lets the page go from now on (it leaves on purpose: to a provider, a reload, another route). Takes effect at once. */
  release: () => void;
}

/**
 * Holds the visitor on the page while `when`: back runs `onBlocked` (the page asks, e.g. '确定要退出…')
 * and stays, and closing or reloading the tab gets the browser's own prompt (a page cannot show its
 * own dialog while unloading). Apart from router.tsx: only the lazy pay page uses it.
 */
export function useBlocker(when: boolean, onBlocked: () => void): Blocker {
  const { history } = useRouter();
  const held = useRef(false);
  const latest = useRef(onBlocked);
  useLayoutEffect(() => {
    latest.current = onBlocked;
  });

  useEffect(() => {
    if (!when) return;
    held.current = true;
    const unblock = history.block(() => {
      if (held.current) latest.current();
      return held.current;
    });
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!held.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      unblock();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [history, when]);

  return useMemo(() => ({ release: () => void (held.current = false) }), []);
}
