import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBrowserHistory, createMemoryHistory, parsePath } from './history.ts';
import { Link } from './link.tsx';
import { NavLink } from './nav-link.tsx';
import {
  BrowserRouter,
  matchesPath,
  MemoryRouter,
  Navigate,
  Route,
  Routes,
  useHistoryIndex,
  useLocation,
  useNavigate,
  useSearchParams,
} from './router.tsx';

afterEach(cleanup);

function Probe() {
  const location = useLocation();
  return (
    <output data-testid="where">
      {location.pathname}
      {location.search}
      {location.state ? `|${JSON.stringify(location.state)}` : ''}
    </output>
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('parsePath', () => {
  it('splits a path into pathname, search and hash', () => {
    expect(parsePath('/a?b=1#c')).toEqual({ pathname: '/a', search: '?b=1', hash: '#c' });
    expect(parsePath('/a#c?x')).toEqual({ pathname: '/a', search: '', hash: '#c?x' });
    expect(parsePath('?q=1')).toEqual({ pathname: '/', search: '?q=1', hash: '' });
    expect(parsePath('/x?')).toEqual({ pathname: '/x', search: '', hash: '' });
  });
});

describe('matchesPath', () => {
  it('matches exactly, ignoring case and a trailing slash; * matches anything', () => {
    expect(matchesPath('/orderDetail', '/orderdetail')).toBe(true);
    expect(matchesPath('/pay', '/pay/')).toBe(true);
    expect(matchesPath('/', '/')).toBe(true);
    expect(matchesPath('/pay', '/payment')).toBe(false);
    expect(matchesPath('/', '/pay')).toBe(false);
    expect(matchesPath('*', '/anything/at/all')).toBe(true);
  });
});

describe('Routes', () => {
  it('renders the first matching route, else the * route', () => {
    const routes = (
      <Routes>
        <Route path="/" element={<p>home</p>} />
        <Route path="/pay" element={<p>pay</p>} />
        <Route path="*" element={<p>not found</p>} />
      </Routes>
    );
    render(<MemoryRouter initialEntries={['/pay']}>{routes}</MemoryRouter>);
    expect(screen.getByText('pay')).toBeTruthy();
    cleanup();
    render(<MemoryRouter initialEntries={['/nope']}>{routes}</MemoryRouter>);
    expect(screen.getByText('not found')).toBeTruthy();
  });

  it('renders nothing when no route matches', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/x']}>
        <Routes>
          <Route path="/" element={<p>home</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('');
  });
});

describe('useNavigate', () => {
  function Buttons() {
    const navigate = useNavigate();
    return (
      <>
        <button onClick={() => navigate('/check?x=1', { state: { phone: '13800000000' } })}>push</button>
        <button onClick={() => navigate('/pay', { replace: true })}>replace</button>
        <button onClick={() => navigate(-1)}>back</button>
      </>
    );
  }

  it('pushes with state, replaces, and goes back', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Buttons />
        <Probe />
      </MemoryRouter>,
    );
    expect(where()).toBe('/');
    fireEvent.click(screen.getByText('push'));
    expect(where()).toBe('/check?x=1|{"phone":"13800000000"}');
    fireEvent.click(screen.getByText('replace'));
    expect(where()).toBe('/pay');
    fireEvent.click(screen.getByText('back'));
    expect(where()).toBe('/');
    // Back at the first entry, back stays.
    fireEvent.click(screen.getByText('back'));
    expect(where()).toBe('/');
  });
});

describe('useSearchParams', () => {
  function Tabs() {
    const [params, setParams] = useSearchParams();
    return (
      <button onClick={() => setParams({ tab: String(Number(params.get('tab') ?? 0) + 1) }, { replace: true })}>
        tab {params.get('tab') ?? 'none'}
      </button>
    );
  }

  it('reads the query and replaces it on the same path', () => {
    render(
      <MemoryRouter initialEntries={['/order?tab=1']}>
        <Tabs />
        <Probe />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText('tab 1'));
    expect(where()).toBe('/order?tab=2');
    expect(screen.getByText('tab 2')).toBeTruthy();
  });
});

describe('Link and NavLink', () => {
  it('navigates on a plain click and leaves modified clicks to the browser', () => {
    render(
      <MemoryRouter>
        <Link to="/check">查询</Link>
        <Probe />
      </MemoryRouter>,
    );
    const link = screen.getByText('查询');
    expect(link.getAttribute('href')).toBe('/check');
    fireEvent.click(link, { ctrlKey: true });
    expect(where()).toBe('/');
    fireEvent.click(link);
    expect(where()).toBe('/check');
  });

  it('does a full load with reloadDocument', () => {
    render(
      <MemoryRouter initialEntries={['/error']}>
        <Link to="/" reloadDocument>
          首页
        </Link>
        <Probe />
      </MemoryRouter>,
    );
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByText('首页').dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(where()).toBe('/error');
  });

  it('marks the current page, with `end` for the root', () => {
    render(
      <MemoryRouter initialEntries={['/my']}>
        <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          home
        </NavLink>
        <NavLink to="/my" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          my
        </NavLink>
      </MemoryRouter>,
    );
    expect(screen.getByText('home').className).toBe('off');
    expect(screen.getByText('my').className).toBe('on');
    expect(screen.getByText('my').getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('home').getAttribute('aria-current')).toBeNull();
  });
});

describe('Navigate', () => {
  it('redirects once rendered', () => {
    render(
      <MemoryRouter initialEntries={['/pay']}>
        <Routes>
          <Route path="/pay" element={<Navigate to="/" replace />} />
          <Route path="/" element={<p>home</p>} />
        </Routes>
        <Probe />
      </MemoryRouter>,
    );
    expect(screen.getByText('home')).toBeTruthy();
    expect(where()).toBe('/');
  });
});

describe('the browser history', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/corp/');
  });

  it('writes addresses under the base path and counts the entries the app pushed', () => {
    const history = createBrowserHistory('/corp');
    expect(history.location().pathname).toBe('/');
    expect(history.index()).toBe(0);
    history.push('/order?tab=1', { from: 'test' });
    expect(window.location.pathname).toBe('/corp/order');
    expect(window.location.search).toBe('?tab=1');
    expect(history.location()).toMatchObject({ pathname: '/order', search: '?tab=1', state: { from: 'test' } });
    expect(history.index()).toBe(1);
    history.replace('/my');
    expect(history.index()).toBe(1);
    expect(history.href('/my')).toBe('/corp/my');
  });

  it('keeps the same location object until something changes, and ignores a re-push of the same entry', () => {
    const history = createBrowserHistory('');
    const first = history.location();
    expect(history.location()).toBe(first);
    let changes = 0;
    history.subscribe(() => (changes += 1));
    // The pay page's exit guard: the same entry pushed again, then a popstate back onto it.
    window.history.pushState({ ...(window.history.state as object), guard: true }, '', window.location.href);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(changes).toBe(0);
    expect(history.location()).toBe(first);
    history.push('/pay');
    expect(changes).toBe(1);
    expect(history.location()).not.toBe(first);
  });

  it('lets useHistoryIndex tell a direct visit from an in-app one', () => {
    function Reader() {
      const historyIndex = useHistoryIndex();
      const navigate = useNavigate();
      return (
        <button onClick={() => navigate('/check')} data-testid="index">
          {historyIndex()}
        </button>
      );
    }
    render(
      <BrowserRouter basename="/corp">
        <Reader />
      </BrowserRouter>,
    );
    expect(screen.getByTestId('index').textContent).toBe('0');
    act(() => fireEvent.click(screen.getByTestId('index')));
    expect(screen.getByTestId('index').textContent).toBe('1');
  });
});

describe('the memory history', () => {
  it('starts at the last initial entry and drops the forward entries on push', () => {
    const history = createMemoryHistory(['/', '/pay', '/success']);
    expect(history.location().pathname).toBe('/success');
    history.go(-2);
    expect(history.location().pathname).toBe('/');
    history.push('/check');
    history.go(1);
    expect(history.location().pathname).toBe('/check');
    expect(history.index()).toBe(1);
  });
});
