import type { Goods, OrderRecord, PayType, PaySource, Platform, PrevInfo, SiteConfig } from '@kuaibao/domain';

/**
 * Every localStorage key the app uses (docs/product/data.md#local-storage) and what it holds. The names
 * are the stored keys themselves: this type is the one list, and costs nothing in the bundle.
 */
interface LocalValues {
  linkId: string;
  shareId: string;
  prevId: string;
  token: string;
  platform: string;
  corpId: string;
  package: string;
  env: string;
  deviceId: string;
  orderId: string;
  /**
   * The edit key of the stored order (decision 012): from its creation answer, sent back to file the
   * annual declaration. Written and removed with orderId (rememberOrder / forgetOrder).
   */
  orderKey: string;
  /** The home form, handed from / to /pay. */
  params: OrderForm;
  goods: Goods[];
  appId: string;
  config: SiteConfig;
  prevInfo: PrevInfo;
  code: string;
  /** The phone handed from /check (or from leaving the receipt) to /checkDetail, which removes it. */
  checkPhone: string;
  /** Corp mode: the authorization page from the init (WeChat's, or the mock's in dev and test). */
  authorizeUrl: string;
  /** The orders this device paid for, with their keys and phones (own-orders.ts, decision 049). */
  ownOrders: string;
  /** Phones verified by SMS code on this device, with their server-signed tokens (own-orders.ts, decision 049). */
  phoneTokens: string;
  /**
   * Paid annual reports of this browser whose figures are still to be filled in, with their edit keys
   * (decision 050): kept until the declaration is filed, so a reload or another page loses nothing.
   */
  pendingDeclarations: { orderId: string; editKey: string | null }[];
}

export type StorageKey = keyof LocalValues;
/** The keys that hold JSON. */
type JsonKey = { [K in StorageKey]: LocalValues[K] extends string ? never : K }[StorageKey];

// Storage can throw (Safari private mode, disabled storage, no storage at all): never let it break
// a page. Each access sits in its own try, which also covers a missing `localStorage`.

export function readString(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // quota or disabled storage: the app still works for this page view
  }
}

export function removeKey(key: StorageKey): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // ignore
  }
}

/**
 * A stored JSON value, or null unless it passes `check`: storage outlives a deploy (an older one
 * may have written another shape) and can be edited, so what it holds is checked, not trusted.
 */
function readChecked<T>(raw: string | null, check: (value: unknown) => boolean): T | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return check(value) ? (value as T) : null;
  } catch {
    return null;
  }
}

export function writeJson<K extends JsonKey>(key: K, value: LocalValues[K]): void {
  writeString(key, JSON.stringify(value));
}

/** The device id header value: a UUID generated once per browser. */
export function deviceId(): string {
  let id = readString('deviceId');
  if (!id) {
    id = crypto.randomUUID();
    writeString('deviceId', id);
  }
  return id;
}

/** The order form as the home page fills it and /pay sends it (docs/product/data.md#order-form). */
export interface OrderForm {
  goods_id: string;
  pay_type: PayType | '';
  pay_source: PaySource;
  source: Platform;
  entity_name: string;
  entity_id: string;
  entity_legal: string;
  entity_idno: string;
  entity_phone: string;
  /** The chosen company's 登记状态 as the suggestion gave it (registration-status.ts): the home's refusal; the server looks it up again. */
  entity_status?: string;
  /** 信用修复: the record to repair (credit-records.ts). */
  credit_record?: string;
}

export function emptyOrderForm(source: Platform): OrderForm {
  return {
    goods_id: '1',
    pay_type: '',
    pay_source: 'h5',
    source,
    entity_name: '',
    entity_id: '',
    entity_legal: '',
    entity_idno: '',
    entity_phone: '',
  };
}

/**
 * The order this browser just created, kept across the payment provider's page: its id and its edit
 * key (decision 012). A lookup never hands out the key, so only this browser can file the declaration.
 */
export function rememberOrder(order: { orderId: string; editKey?: string | undefined }): void {
  writeString('orderId', order.orderId);
  if (order.editKey) writeString('orderKey', order.editKey);
  else removeKey('orderKey');
}

export function forgetOrder(): void {
  removeKey('orderId');
  removeKey('orderKey');
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Every key named in `keys` (space-separated) holds a `type`; with `optional`, it may be missing too. */
const holds = (value: Fields, type: 'string' | 'number', keys: string, optional?: boolean) =>
  keys.split(' ').every((key) => typeof value[key] === type || (optional && value[key] === undefined));
const isStringList = (value: unknown) => Array.isArray(value) && value.every((line) => typeof line === 'string');

// Each guard decides what a stored value must look like to be used (exported for the tests).

/** Every field is read with a fallback; a wrong type is not. */
export const isStoredConfig = (value: unknown) =>
  isObject(value) &&
  holds(value, 'string', 'privacy agreement_version agreement_effective_date client.home.tips proxy_version service_weixin service_phone operator_name', true) &&
  (value['client.home.danmaku'] === undefined || isStringList(value['client.home.danmaku']));

/** What paying needs (id and pay types) must be there; the rest only has to have its type. */
export const isStoredGoods = (value: unknown) =>
  Array.isArray(value) &&
  value.every(
    (item) =>
      isObject(item) && holds(item, 'number', 'goods_id') && holds(item, 'string', 'pay_type') && holds(item, 'number', 'price_fen', true) && holds(item, 'string', 'goods_name goods_type', true),
  );

export const isStoredPrevInfo = (value: unknown) =>
  isObject(value) && holds(value, 'number', 'goods_id') && holds(value, 'string', 'entity_name entity_id entity_legal entity_phone');

/** The form may lack fields (an older deploy's, or one written in part): its readers fill them in. */
export const isStoredOrderForm = (value: unknown) =>
  isObject(value) && holds(value, 'string', 'goods_id pay_type pay_source source entity_name entity_id entity_legal entity_idno entity_phone', true);

export const readConfig = () => readChecked<SiteConfig>(readString('config'), isStoredConfig);
export const readGoods = () => readChecked<Goods[]>(readString('goods'), isStoredGoods) ?? [];
export const readPrevInfo = () => readChecked<PrevInfo>(readString('prevInfo'), isStoredPrevInfo);
export const readOrderForm = () => readChecked<OrderForm>(readString('params'), isStoredOrderForm);
export const writeOrderForm = (form: OrderForm): void => writeJson('params', form);

/** sessionStorage keys (values that live for this tab only, docs/product/screens.md#receipt) and what they hold. */
interface SessionValues {
  /** The order handed to /orderDetail, which reads it once and removes it. */
  orderDetail: OrderRecord;
  /** Corp mode: recent automatic authorizations, so a refused code cannot loop forever. */
  oauthAttempts: number[];
  /** Start-up found the stored order unpaid (back from the cashier without paying): the home says so once. */
  payUnfinished: true;
  /** Corp mode: this tab has logged in with a code, which start-up then removed from the address; a reload keeps the session. */
  oauthLoggedIn: true;
  /** The link's `source` this tab arrived with (/?source=douyin), sent with the order (payment/place-order.ts). */
  channel: string;
}

export type SessionKey = keyof SessionValues;

function readSessionJson<K extends SessionKey>(key: K, check: (value: unknown) => boolean): SessionValues[K] | null {
  try {
    return readChecked(sessionStorage.getItem(key), check);
  } catch {
    return null;
  }
}

/** The receipt's order: only what looks like an order is rendered. */
export const isStoredOrderRecord = (value: unknown) =>
  isObject(value) && holds(value, 'string', 'out_trade_no entity_name goods_type') && typeof value.total_fee === 'number' && Array.isArray(value.files);
export const readOrderDetail = () => readSessionJson('orderDetail', isStoredOrderRecord);

export const readOAuthAttempts = () => readSessionJson('oauthAttempts', (value) => Array.isArray(value) && value.every((at) => typeof at === 'number')) ?? [];

/** Whether start-up left word that a payment was not finished (the home removes it once shown). */
export const readPayUnfinished = () => readSessionJson('payUnfinished', (value) => value === true) === true;
export const readOAuthLoggedIn = () => readSessionJson('oauthLoggedIn', (value) => value === true) === true;

export function writeSessionJson<K extends SessionKey>(key: K, value: SessionValues[K]): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // quota or disabled storage: the receipt page shows its empty state
  }
}

export function removeSessionKey(key: SessionKey): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // ignore
  }
}
