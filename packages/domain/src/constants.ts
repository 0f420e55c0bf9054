/** Business constants and limits of docs/product/constants.md (and the timing values of docs/product/screens.md, docs/product/orders-and-statuses.md, docs/product/api.md). */
import type { GoodsType } from './goods-texts.ts';

export const REQUEST_TIMEOUT_MS = 60_000;
/** Sent as the x-version header. */
export const API_VERSION = '3.0.0';
export const TOAST_MS = 2000;
/** Desktop: how often the pay dialog asks whether the order is paid. */
export const PAY_POLL_MS = 1000;
/** Mobile: wait after returning to the tab before re-fetching the order. */
export const TAB_RETURN_REFRESH_MS = 500;
export const DROPDOWN_CLOSE_MS = 500;
/** Before returning after "already filed", "no record" or a failed query. */
export const REDIRECT_DELAY_MS = 1000;
export const DROPDOWN_MAX_HEIGHT_MOBILE = 272;
export const DROPDOWN_MAX_HEIGHT_DESKTOP = 262;
export const SERVICE_QR_LONG_PRESS_MS = 1000;
export const SERVICE_DIALOG_SIZE = { width: 300, height: 342 } as const;
/** Stored as corpId in the mini-program variant. */
export const MINI_PROGRAM_CORP_ID = 10006;
/** The goods type requested for membership goods (GET /api/order/goods?type=member). */
export const MEMBER_GOODS_TYPE = 'member';
export const PAY_TYPES = ['weixin', 'alipay'] as const;
export const PAY_SOURCES = ['h5', 'native', 'jsapi'] as const;
export const PLATFORMS = ['web', 'wx-oa', 'wx-mp'] as const;
export const RECEIPT_QUANTITY = 1;

/**
 * The /order?tab= tabs of the official-account variant. Licence registration has no goods type
 * among the three services, so its tab has none and is never shown (visibleOrderListTabs) until
 * such a service exists. 年报, not the spec's 年检: the 年检 ended in 2014.
 */
export const ORDER_LIST_TABS = [
  { tab: 0, label: '年报', goodsType: 'license_year' },
  { tab: 1, label: '注销', goodsType: 'license_destory' },
  { tab: 2, label: '执照办理', goodsType: null },
  { tab: 3, label: '信用修复', goodsType: 'credit_repair' },
] as const satisfies readonly { tab: number; label: string; goodsType: GoodsType | null }[];

export type OrderListTab = (typeof ORDER_LIST_TABS)[number];

/**
 * The tabs (and /my shortcuts) shown: only services that have goods here. While the goods are not
 * known (an empty list), the three services' tabs; a tab without a service never.
 */
export function visibleOrderListTabs(configuredGoodsTypes: readonly string[]): readonly OrderListTab[] {
  const withService = ORDER_LIST_TABS.filter((item) => item.goodsType !== null);
  if (configuredGoodsTypes.length === 0) return withService;
  return withService.filter((item) => configuredGoodsTypes.includes(item.goodsType));
}

/** The /order tab that lists a service's orders (where the official account lands after paying for it); the first tab otherwise. */
export function orderListTabOf(goodsType: string | undefined): number {
  return ORDER_LIST_TABS.find((item) => item.goodsType !== null && item.goodsType === goodsType)?.tab ?? ORDER_LIST_TABS[0].tab;
}

/** Script chunks time out after this long (docs/product/constants.md). */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Every analytics event key starts with this (docs/product/api.md). */
export const EVENT_KEY_PREFIX = 'client.';
/** An analytics event's `extra`, serialised, is at most this long: analytics, not storage (docs/security.md). */
export const EVENT_EXTRA_MAX_CHARS = 1024;
