import { ConfigProvider } from 'antd';
import { act } from 'react';
import { Link, MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../lib/notify.ts';
import { mountPerTest } from '../test/mount.ts';
import { MAX_TOASTS, MessageHost } from './message-host.tsx';

/** Toasts on the clerk's day: a few at most, and none carried over to the next page. */

const { mount } = mountPerTest();
let container: HTMLDivElement;

function render(): void {
  container = mount(
    // No animations: jsdom never ends a CSS transition, so a leaving toast would stay in the page.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MemoryRouter initialEntries={['/feedback']}><MessageHost /><Link to="/orders/7">订单</Link></MemoryRouter>
    </ConfigProvider>,
  );
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
