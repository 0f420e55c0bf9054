import { ConfigProvider } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../lib/notify.ts';
import { MAX_TOASTS, MessageHost } from './message-host.tsx';

/** Toasts on the clerk's day (issue 17): a few at most, and none carried over to the next page. */

let container: HTMLDivElement;
let root: Root | undefined;

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  container.remove();
});

function render(): void {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(
      // No animations: jsdom never ends a CSS transition, so a leaving toast would stay in the page.
      <ConfigProvider theme={{ token: { motion: false } }}>
        <MemoryRouter initialEntries={['/feedback']}><MessageHost /><Link to="/orders/7">订单</Link></MemoryRouter>
      </ConfigProvider>,
    ));
}

const toastsShown = () => [...document.querySelectorAll('.ant-message-notice')].map((notice) => notice.textContent);

describe('MessageHost', () => {
  it(`keeps at most ${MAX_TOASTS} toasts, the newest`, async () => {
    render();
    for (const text of ['已回复 1', '已回复 2', '已回复 3', '已回复 4']) act(() => notifySuccess(text));
    await vi.waitFor(() => expect(toastsShown()).toEqual(['已回复 3', '已回复 4']));
  });

  it('clears the toasts when the clerk moves to another page', async () => {
    render();
    act(() => notifySuccess('已对账'));
    await vi.waitFor(() => expect(toastsShown()).toEqual(['已对账']));
    act(() => container.querySelector('a')!.click());
    await vi.waitFor(() => expect(toastsShown()).toEqual([]));
  });
});
