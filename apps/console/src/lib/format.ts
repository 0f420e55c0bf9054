import { LABELS } from './labels.ts';
import { GOODS_TYPES, ORDER_STATUS_NAMES as DOMAIN_ORDER_STATUS_NAMES, formatShanghaiDateTime, formatYuan, goodsTexts, isGoodsType, maskPhone, shanghaiIsoDay } from '@kuaibao/domain';

/** Display helpers; amounts stay integer fen until here. */
export const yuan = (fen: number | null | undefined) => (typeof fen === 'number' ? formatYuan(fen) : '—');
export const dateTime = (iso: string | null | undefined) => formatShanghaiDateTime(iso);
export const goodsTypeName = (type: string) => (isGoodsType(type) ? goodsTexts(type).shortName : type);
export const GOODS_TYPE_OPTIONS = GOODS_TYPES.map((type) => ({ value: type, label: goodsTexts(type).shortName }));
export const PAY_TYPE_NAMES: Record<string, string> = LABELS.payType;
/** Payment status names, keyed by any string so a row's status can index it. */
export const ORDER_STATUS_NAMES: Record<string, string> = DOMAIN_ORDER_STATUS_NAMES;
export const maskedPhone = maskPhone;

/** Today in Shanghai as YYYY-MM-DD. */
export function shanghaiToday(now = new Date()): string {
  return shanghaiIsoDay(now);
}

/** Date and time to the minute, for narrow list columns (the seconds are in the tooltip). */
export const dateTimeToMinute = (iso: string | null | undefined) => {
  const full = dateTime(iso);
  return full === '—' ? full : full.slice(0, 16);
};
