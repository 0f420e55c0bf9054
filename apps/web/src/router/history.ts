import { stripBasePath, withBasePath } from '../platform/base-path.ts';

/** Where the app is: a path inside the app (without the base path) and what travelled with it. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** The `state` given to navigate; null when the entry was opened by address. */
  state: unknown;
  /** Changes with every navigation, also to the same address. */
  key: string;
}

/**
 * The history a router follows: the browser's (under a base path) or one in memory (tests).
 * `location()` returns the same object until the next change, as useSyncExternalStore needs.
 */
export interface AppHistory {
  location(): Location;
  /** Entries before the current one that this app pushed: 0 when the page was opened directly. */
  index(): number;
  push(to: string, state?: unknown): void;
  replace(to: string, state?: unknown): void;
  go(delta: number): void;
  /** The address a link to `to` should carry (base path included). */
  href(to: string): string;
  subscribe(listener: () => void): () => void;
  /**
   * Holds "back" on the current entry while `blocker` answers true (it is asked on each back).
   * The browser's history gets an extra entry over the current one to take that back. Returns the release
   * (one blocker at a time: a page's).
   */
  block(blocker: () => boolean): () => void;
}

/** What the app keeps in `history.state`: the entry's index and key beside the caller's state. */
interface EntryState {
  idx: number;
  key: string;
  usr: unknown;
}

let keyCounter = 0;
function nextKey(): string {
  keyCounter += 1;
  return `${Date.now().toString(36)}${keyCounter.toString(36)}`;
}

/** '/a?b=1#c' → its parts; a missing part is ''. */
export function parsePath(to: string): { pathname: string; search: string; hash: string } {
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const rest = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const searchAt = rest.indexOf('?');
  const search = searchAt >= 0 ? rest.slice(searchAt) : '';
  const pathname = searchAt >= 0 ? rest.slice(0, searchAt) : rest;
  return { pathname: pathname || '/', search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

function asEntryState(value: unknown): EntryState | null {
  if (!value || typeof value !== 'object') return null;
  const entry = value as Partial<EntryState>;
  return typeof entry.idx === 'number' && typeof entry.key === 'string' ? (entry as EntryState) : null;
}

function createListeners() {
  const listeners = new Set<() => void>();
  return {
    notify: () => listeners.forEach((listener) => listener()),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The browser's history. Entries the app pushes carry their index, so "back" can tell whether it stays in the app. */
export function createBrowserHistory(base = '', win: Window = window): AppHistory {
  const { notify, subscribe } = createListeners();
  const read = (): Location => {
    const entry = asEntryState(win.history.state);
    return {
      pathname: stripBasePath(win.location.pathname, base),
      search: win.location.search,
      hash: win.location.hash,
      state: entry?.usr ?? null,
      key: entry?.key ?? 'default',
    };
  };
  // The first entry gets an index too, keeping whatever state an earlier script left there.
  if (!asEntryState(win.history.state)) {
    const previous = win.history.state as object | null;
    win.history.replaceState({ ...previous, idx: 0, key: 'default', usr: null } satisfies EntryState, '');
  }
  let current = read();
  let blocker: (() => boolean) | undefined;
  const index = () => asEntryState(win.history.state)?.idx ?? 0;
  /** The guard entry: the current entry again (same index and key), marked. */
  const guarded = () => ((win.history.state as { guard?: boolean } | null) || {}).guard === true;
  const guard = () => win.history.pushState({ ...(win.history.state as object), guard: true }, '');
  const write = (method: 'pushState' | 'replaceState', to: string, state: unknown) => {
    const idx = method === 'pushState' ? index() + 1 : index();
    win.history[method]({ idx, key: nextKey(), usr: state ?? null } satisfies EntryState, '', withBasePath(to, base));
    current = read();
    notify();
  };
  win.addEventListener('popstate', () => {
    const next = read();
    // Moving between an entry and its guard is no change. Back off the guard asks the blocker.
    if (next.key === current.key && next.pathname === current.pathname && next.search === current.search) {
      if (blocker && !guarded() && blocker()) guard();
      return;
    }
    current = next;
    notify();
  });
  return {
    location: () => current,
    index,
    push: (to, state) => write('pushState', to, state),
    replace: (to, state) => write('replaceState', to, state),
    go: (delta) => win.history.go(delta),
    href: (to) => withBasePath(to, base),
    subscribe,
    block: (next) => {
      blocker = next;
      if (!guarded()) guard();
      return () => void (blocker = undefined);
    },
  };
}

/** A history in memory, for tests and for rendering a page outside the browser. */
export function createMemoryHistory(initialEntries: string[] = ['/']): AppHistory {
  const { notify, subscribe } = createListeners();
  const toLocation = (to: string, state: unknown, key: string): Location => ({ ...parsePath(to), state: state ?? null, key });
  const entries: Location[] = (initialEntries.length ? initialEntries : ['/']).map((to, at) => toLocation(to, null, at === 0 ? 'default' : nextKey()));
  let at = entries.length - 1;
  let blocker: (() => boolean) | undefined;
  return {
    location: () => entries[at]!,
    index: () => at,
    push: (to, state) => {
      entries.splice(at + 1, entries.length, toLocation(to, state, nextKey()));
      at += 1;
      notify();
    },
    replace: (to, state) => {
      entries[at] = toLocation(to, state, nextKey());
      notify();
    },
    go: (delta) => {
      if (delta < 0 && blocker && blocker()) return;
      const target = Math.min(Math.max(at + delta, 0), entries.length - 1);
      if (target === at) return;
      at = target;
      notify();
    },
    href: (to) => to,
    subscribe,
    block: (next) => {
      blocker = next;
      return () => void (blocker = undefined);
    },
  };
}
