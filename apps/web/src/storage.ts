import type { Goods, PayType, PaySource, Platform, PrevInfo, SiteConfig } from '@kuaibao/domain';

/** Every localStorage key the app uses (spec §3 "Local storage keys"), in one place. */
export const STORAGE_KEYS = {
  linkId: 'linkId',
  shareId: 'shareId',
  prevId: 'prevId',
  token: 'token',
  platform: 'platform',
  corpId: 'corpId',
  package: 'package',
  env: 'env',
  deviceId: 'deviceId',
  orderId: 'orderId',
  /**
   * The edit key of the stored order (decision 012): from its creation answer, sent back to file the
   * annual declaration. Written and removed with orderId (rememberOrder / forgetOrder).
   */
  orderKey: 'orderKey',
  /** The home form, handed from / to /pay. */
  params: 'params',
  goods: 'goods',
  appId: 'appId',
  config: 'config',
  prevInfo: 'prevInfo',
  code: 'code',
  /** The phone handed from /check (or from leaving the receipt) to /checkDetail, which removes it. */
  checkPhone: 'checkPhone',
  /** Corp mode: the authorization page from the init (WeChat's, or the mock's in dev and test). */
  authorizeUrl: 'authorizeUrl',
} as const;

export type StorageKey = keyof typeof STORAGE_KEYS;

/** localStorage can throw (Safari private mode, disabled storage): never let it break a page. */
function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readString(key: StorageKey): string | null {
  try {
    return store()?.getItem(STORAGE_KEYS[key]) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string): void {
  try {
    store()?.setItem(STORAGE_KEYS[key], value);
  } catch {
    // quota or disabled storage: the app still works for this page view
  }
}

export function removeKey(key: StorageKey): void {
  try {
    store()?.removeItem(STORAGE_KEYS[key]);
  } catch {
    // ignore
  }
}

export function readJson<T>(key: StorageKey): T | null {
  const raw = readString(key);
  if (raw === null || raw === '') return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
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

/** The order form as the home page fills it and /pay sends it (spec §3 "Order form"). */
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

export const readConfig = (): SiteConfig | null => readJson<SiteConfig>('config');
export const readGoods = (): Goods[] => readJson<Goods[]>('goods') ?? [];
export const readPrevInfo = (): PrevInfo | null => readJson<PrevInfo>('prevInfo');
export const readOrderForm = (): OrderForm | null => readJson<OrderForm>('params');
export const writeOrderForm = (form: OrderForm): void => writeJson('params', form);

/** sessionStorage keys: values that live for this tab only (spec §2 "Receipt"). */
export const SESSION_KEYS = {
  /** The order handed to /orderDetail, which reads it once and removes it. */
  orderDetail: 'orderDetail',
  /** Corp mode: recent automatic authorizations, so a refused code cannot loop forever. */
  oauthAttempts: 'oauthAttempts',
} as const;

export type SessionKey = keyof typeof SESSION_KEYS;

function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function readSessionJson<T>(key: SessionKey): T | null {
  try {
    const raw = sessionStore()?.getItem(SESSION_KEYS[key]);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeSessionJson(key: SessionKey, value: unknown): void {
  try {
    sessionStore()?.setItem(SESSION_KEYS[key], JSON.stringify(value));
  } catch {
    // quota or disabled storage: the receipt page shows its empty state
  }
}

export function removeSessionKey(key: SessionKey): void {
  try {
    sessionStore()?.removeItem(SESSION_KEYS[key]);
  } catch {
    // ignore
  }
}
