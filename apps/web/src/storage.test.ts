import { afterEach, describe, expect, it } from 'vitest';
import { GOODS, CONFIG } from './test/harness.tsx';
import { readConfig, readGoods, readOAuthAttempts, readOrderDetail, readOrderForm, readPrevInfo, readString, writeSessionJson } from './storage.ts';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const store = (key: string, value: unknown) => localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));

describe('typed storage: what an older deploy (or a hand) wrote is checked, not trusted', () => {
  it('reads values of the shape this deploy writes', () => {
    store('goods', GOODS);
    store('config', CONFIG);
    store('prevInfo', { goods_id: 1, entity_name: '甲公司', entity_id: 'x', entity_legal: '张三', entity_phone: '13800138000' });
    store('params', { entity_id: 'x', entity_idno: '11010519491231002X' });
    expect(readGoods()).toEqual(GOODS);
    expect(readConfig()).toEqual(CONFIG);
    expect(readPrevInfo()?.entity_name).toBe('甲公司');
    // A form written in part is used: its readers fill in what is missing.
    expect(readOrderForm()).toEqual({ entity_id: 'x', entity_idno: '11010519491231002X' });
  });

  it('gives nothing (the empty list for goods) for a value of another shape', () => {
    store('goods', [{ goods_id: '1', pay_type: 'weixin' }]);
    store('config', { ...CONFIG, 'client.home.danmaku': '张先生 已提交' });
    store('prevInfo', { goods_id: 1, entity_name: '甲公司' });
    store('params', { entity_id: 42 });
    expect(readGoods()).toEqual([]);
    expect(readConfig()).toBeNull();
    expect(readPrevInfo()).toBeNull();
    expect(readOrderForm()).toBeNull();

    store('goods', { goods_id: 1 });
    store('config', ['privacy']);
    store('params', 'not json {');
    expect(readGoods()).toEqual([]);
    expect(readConfig()).toBeNull();
    expect(readOrderForm()).toBeNull();
  });

  it('checks session values too', () => {
    sessionStorage.setItem('orderDetail', JSON.stringify({ out_trade_no: 'n', entity_name: 'e', goods_type: 'license_year', total_fee: '199', files: [] }));
    sessionStorage.setItem('oauthAttempts', JSON.stringify({ at: 1 }));
    expect(readOrderDetail()).toBeNull();
    expect(readOAuthAttempts()).toEqual([]);

    writeSessionJson('oauthAttempts', [1, 2]);
    expect(readOAuthAttempts()).toEqual([1, 2]);
  });

  it('answers null when storage cannot be used', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')!;
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      expect(readString('token')).toBeNull();
      expect(readGoods()).toEqual([]);
    } finally {
      Object.defineProperty(globalThis, 'localStorage', original);
    }
  });
});
