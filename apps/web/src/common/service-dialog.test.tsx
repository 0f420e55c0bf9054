import { ERROR_CATALOG, NOTICES, SERVICE_QR_LONG_PRESS_MS } from '@kuaibao/domain';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformProvider, type PlatformInfo } from '../platform/context.tsx';
import { CONFIG, DESKTOP, installFakeServer, PHONE, seedStorage } from '../test/harness.tsx';
import { ToastHost, toast } from '../ui/toast.tsx';
import { SERVICE_QR_FILE_NAME, ServiceDialog } from './service-dialog.tsx';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

function renderDialog(platform: PlatformInfo) {
  render(
    <PlatformProvider value={platform}>
      <ServiceDialog open onClose={() => undefined} />
      <ToastHost />
    </PlatformProvider>,
  );
  return screen.getByTestId('service-dialog');
}

const toastText = () => screen.getByTestId('toast').textContent;

beforeEach(() => {
  seedStorage();
  installFakeServer(() => undefined);
  // jsdom cannot draw: the canvas hands out a fixed PNG so the download works.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
});

afterEach(() => {
  cleanup();
  act(() => toast.clear());
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('desktop service dialog (docs/product/screens.md, docs/product/constants.md)', () => {
  it('shows the service QR, the phone and the title', () => {
    const dialog = renderDialog(DESKTOP);
    expect(within(dialog).getByText('联系客服')).toBeTruthy();
    const qr = within(dialog).getByTestId('service-qr');
    expect(qr.getAttribute('data-qr-value')).toBe(CONFIG.service_weixin);
    expect(qr.getAttribute('role')).toBe('img');
    expect(qr.getAttribute('aria-label')).toBe('客服微信二维码');
    expect(within(dialog).getByText('微信扫码添加客服')).toBeTruthy();
    expect(within(dialog).getByTestId('service-phone').textContent).toBe(CONFIG.service_phone);
  });

  it('复制 puts the phone on the clipboard and says 复制成功', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const dialog = renderDialog(DESKTOP);
    fireEvent.click(within(dialog).getByTestId('service-copy'));
    await waitFor(() => expect(toastText()).toBe(NOTICES.COPY_SUCCEEDED));
    expect(writeText).toHaveBeenCalledWith(CONFIG.service_phone);
  });

  it('a refused clipboard says so instead of claiming success', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    const dialog = renderDialog(DESKTOP);
    fireEvent.click(within(dialog).getByTestId('service-copy'));
    await waitFor(() => expect(toastText()).toBe(ERROR_CATALOG.COPY_FAILED.message));
  });

  it('without a service phone 复制 says 暂无联系电话', async () => {
    seedStorage({ config: { ...CONFIG, service_phone: '' } });
    const dialog = renderDialog(DESKTOP);
    expect(within(dialog).getByTestId('service-phone').textContent).toBe('暂无');
    fireEvent.click(within(dialog).getByTestId('service-copy'));
    await waitFor(() => expect(toastText()).toBe(NOTICES.NO_CONTACT_PHONE));
  });

  it('保存图片 downloads the QR as 客服二维码.png', () => {
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const dialog = renderDialog(DESKTOP);
    fireEvent.click(within(dialog).getByTestId('service-save'));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe(SERVICE_QR_FILE_NAME);
    expect(SERVICE_QR_FILE_NAME).toBe('客服二维码.png');
    expect(clicked[0]!.href).toBe(PNG);
  });
});

describe('mobile service dialog', () => {
  it('offers 保存图片到相册 and the link; a short press does nothing', () => {
    vi.useFakeTimers();
    const dialog = renderDialog(PHONE);
    expect(within(dialog).getByTestId('service-save').textContent).toBe('保存图片到相册');
    expect(within(dialog).getByTestId('service-link').getAttribute('href')).toBe(CONFIG.service_weixin);
    expect(within(dialog).getByTestId('service-phone').getAttribute('href')).toBe(`tel:${CONFIG.service_phone}`);
    const qr = within(dialog).getByTestId('service-qr');
    const assign = vi.fn<(url: string) => void>();
    // jsdom's location cannot navigate: watch the long-press through a stand-in
    vi.stubGlobal('location', { ...location, assign });
    fireEvent.pointerDown(qr, { button: 0 });
    act(() => vi.advanceTimersByTime(SERVICE_QR_LONG_PRESS_MS - 100));
    fireEvent.pointerUp(qr);
    act(() => vi.advanceTimersByTime(SERVICE_QR_LONG_PRESS_MS));
    expect(assign).not.toHaveBeenCalled();

    fireEvent.pointerDown(qr, { button: 0 });
    act(() => vi.advanceTimersByTime(SERVICE_QR_LONG_PRESS_MS));
    expect(assign).toHaveBeenCalledWith(CONFIG.service_weixin);
    vi.unstubAllGlobals();
  });
});
