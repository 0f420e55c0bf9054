import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserHistory } from './history.ts';
import { MemoryRouter, Route, Routes, useNavigate } from './router.tsx';
import { useBlocker } from './use-blocker.ts';

afterEach(cleanup);

function GuardedPage({ onBlocked }: { onBlocked: () => void }) {
  const navigate = useNavigate();
  const blocker = useBlocker(true, onBlocked);
  return (
    <>
      <p>guarded</p>
      <button onClick={() => navigate(-1)}>back</button>
      <button onClick={blocker.release}>release</button>
    </>
  );
}

const unloadIsHeld = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useBlocker', () => {
  it('holds back and unload until released, then lets the page go', () => {
    const onBlocked = vi.fn<() => void>();
    render(
      <MemoryRouter initialEntries={['/', '/pay']}>
        <Routes>
          <Route path="/" element={<p>home</p>} />
          <Route path="/pay" element={<GuardedPage onBlocked={onBlocked} />} />
        </Routes>
      </MemoryRouter>,
    );
    act(() => fireEvent.click(screen.getByText('back')));
    expect(screen.getByText('guarded')).toBeTruthy();
    expect(onBlocked).toHaveBeenCalledTimes(1);
    expect(unloadIsHeld()).toBe(true);

    act(() => fireEvent.click(screen.getByText('release')));
    expect(unloadIsHeld()).toBe(false);
    act(() => fireEvent.click(screen.getByText('back')));
    expect(screen.getByText('home')).toBeTruthy();
    expect(onBlocked).toHaveBeenCalledTimes(1);
  });

  it('stops holding once the page is gone', () => {
    const { unmount } = render(
      <MemoryRouter>
        <GuardedPage onBlocked={() => undefined} />
      </MemoryRouter>,
    );
    unmount();
    expect(unloadIsHeld()).toBe(false);
  });
});

describe('the browser history blocker', () => {
  const popBack = () =>
    new Promise<void>((resolve) => {
      window.addEventListener('popstate', () => resolve(), { once: true });
      window.history.back();
    });

  it('puts a guard entry over the page; back off it asks the blocker, which re-guards while it holds', async () => {
    window.history.replaceState(null, '', '/pay');
    const history = createBrowserHistory('');
    const length = window.history.length;
    let changes = 0;
    history.subscribe(() => (changes += 1));
    let hold = true;
    const blocker = vi.fn<() => boolean>(() => hold);
    const release = history.block(blocker);
    expect(window.history.length).toBe(length + 1);
    // A second block (StrictMode runs effects twice) finds the guard there.
    history.block(blocker);
    expect(window.history.length).toBe(length + 1);

    await popBack();
    expect(blocker).toHaveBeenCalledTimes(1);
    expect((window.history.state as { guard?: boolean }).guard).toBe(true);
    expect(history.location().pathname).toBe('/pay');
    expect(changes).toBe(0);

    hold = false;
    await popBack();
    expect(blocker).toHaveBeenCalledTimes(2);
    expect((window.history.state as { guard?: boolean }).guard).toBeUndefined();
    expect(changes).toBe(0);
    release();
  });
});
