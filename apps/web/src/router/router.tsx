import {
  Children,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createBrowserHistory, createMemoryHistory, type AppHistory, type Location } from './history.ts';

/**
 * The app's router: exact paths, a '*' fallback, a base path, and history state. It is our own
 * because react-router cost 15 kB gzip of the home route's 90 kB budget (decision 011); the API
 * keeps react-router's names for the parts the pages use.
 */

export type { Location } from './history.ts';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: string, options?: NavigateOptions): void;
  /** Moves through the history: -1 is back. */
  (delta: number): void;
}

interface RouterValue {
  history: AppHistory;
  location: Location;
}

const RouterContext = createContext<RouterValue | null>(null);

/** The router's history and location (for hooks kept apart from this file, like useBlocker). */
export function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new TypeError('Router hooks need a <BrowserRouter> or <MemoryRouter> above them');
  return value;
}

function Router({ history, children }: { history: AppHistory; children?: ReactNode }) {
  const location = useSyncExternalStore(history.subscribe, history.location, history.location);
  const value = useMemo(() => ({ history, location }), [history, location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** Follows the browser's address; `basename` is '/corp' in the official-account variant. */
export function BrowserRouter({ basename = '', history: given, children }: { basename?: string; history?: AppHistory; children?: ReactNode }) {
  // `history`: made before the router mounts, so start-up can move it (a prerendered page hydrates first).
  const [history] = useState(() => given ?? createBrowserHistory(basename));
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children?: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export function useLocation(): Location {
  return useRouter().location;
}

/** Entries this app pushed before the current one: 0 when the page was opened directly. */
export function useHistoryIndex(): () => number {
  return useRouter().history.index;
}

export function useNavigate(): NavigateFunction {
  const { history } = useRouter();
  return useMemo(() => {
    function navigate(to: string | number, options?: NavigateOptions) {
      if (typeof to === 'number') history.go(to);
      else if (options?.replace) history.replace(to, options.state);
      else history.push(to, options?.state);
    }
    return navigate as NavigateFunction;
  }, [history]);
}

/** The query of the current address, and a setter that replaces it (pushes unless `replace`). */
export function useSearchParams(): [URLSearchParams, (next: Record<string, string> | URLSearchParams, options?: NavigateOptions) => void] {
  const { location } = useRouter();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: Record<string, string> | URLSearchParams, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate(`${location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate, location.pathname],
  );
  return [params, setParams];
}

/** Matches like react-router: case-insensitive, a trailing slash ignored, '*' matches anything. */
export function matchesPath(pattern: string, pathname: string): boolean {
  if (pattern === '*') return true;
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
  return trim(pattern) === trim(pathname);
}

interface RouteProps {
  path: string;
  element: ReactNode;
}

/** Declares one route inside <Routes>; renders nothing itself. */
export function Route(_props: RouteProps): null {
  return null;
}

/** Renders the element of the first <Route> whose path matches the current address. */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const routes = Children.toArray(children).filter((child): child is ReactElement<RouteProps> => isValidElement(child) && child.type === Route);
  const match = routes.find((route) => matchesPath(route.props.path, pathname));
  return match ? <>{match.props.element}</> : null;
}

/** Navigates once it renders (in an effect, like react-router's). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}
