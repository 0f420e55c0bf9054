import type { Goods, SiteConfig } from '@kuaibao/domain';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '../router/router.tsx';
import { initApi } from '../api/index.ts';
import { PlatformProvider, type PlatformInfo } from '../platform/context.tsx';
import { ToastHost } from '../ui/toast.tsx';
import type { OrderForm } from '../storage.ts';

export const TEST_KEYS = { signSecret: 'test-secret', aesKey: '00112233445566778899aabbccddeeff' };

export const PHONE: PlatformInfo = {
  host: 'h5',
  platform: 'web',
  formFactor: 'phone',
  os: 'ios',
  inMessenger: false,
  variant: 'v0',
};

export const DESKTOP: PlatformInfo = { ...PHONE, formFactor: 'desktop', os: 'other' };

export const GOODS: Goods[] = [
  {
    id: 1,
    goods_id: 1,
    name: '企业年报',
    goods_name: '企业年报',
    type: 'license_year',
    goods_type: 'license_year',
    pay_type: 'alipay,weixin',
    price_fen: 19900,
    description: '',
  },
];

export const CONFIG: SiteConfig = {
  service_weixin: 'https://work.weixin.qq.com/kfid/test',
  service_phone: '400-123-4567',
  privacy: '服务协议正文',
  agreement_version: '2025-07-01',
  agreement_effective_date: '2025-07-01',
  'client.home.tips': '公告:年报截止日期为6月30日',
  'client.home.danmaku': ['张先生 已提交', '李女士 已提交'],
  proxy_version: 'v0',
};

/** A complete home form for a seeded company (the first service), as the home stores it before /pay. */
export const ORDER_FORM: OrderForm = {
  goods_id: '1',
  pay_type: '',
  pay_source: 'h5',
  source: 'web',
  entity_name: '北京字节跳动科技有限公司',
  entity_id: '91110108551385082Q',
  entity_legal: '张一鸣',
  entity_idno: '11010519491231002X',
  entity_phone: '13812345678',
};

export interface FakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type Responder = (call: FakeCall) => { code: number; msg?: string; data?: unknown } | undefined;

/** A fake same-origin server: routes by path, answers with envelopes, records every call. */
export function installFakeServer(respond: Responder) {
  const calls: FakeCall[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://app.test');
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const envelope = respond(call) ?? { code: 0, msg: 'ok', data: null };
    const text = JSON.stringify({ msg: 'ok', ...envelope });
    return { status: 200, ok: true, text: async () => text } as unknown as Response;
  };
  initApi({ keys: TEST_KEYS, platform: 'web', fetch: fetchFn });
  return calls;
}

export function seedStorage({ goods = GOODS, config = CONFIG }: { goods?: Goods[]; config?: SiteConfig } = {}) {
  localStorage.clear();
  localStorage.setItem('goods', JSON.stringify(goods));
  localStorage.setItem('config', JSON.stringify(config));
  localStorage.setItem('deviceId', 'test-device');
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export function renderRoute(element: ReactNode, { platform = PHONE, path = '/' } = {}) {
  return render(
    <PlatformProvider value={platform}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={element} />
          <Route path="/pay" element={<p>pay route</p>} />
          <Route path="*" element={<p>other route</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <ToastHost />
    </PlatformProvider>,
  );
}
