/**
 * The visitor codes only the pages after the home route name: the declaration, the report form and
 * the payment page (docs/decisions/011-home-route-budget.md). They are part of ERROR_CATALOG
 * (errors.ts) like every code; they live in a module of their own because a bundler places a module
 * whole, and errors.ts travels in the home route's script, which has a 90 kB budget.
 */
import type { CatalogEntries } from './errors.ts';

export const PAGE_ERRORS = {
  REPORT_REASON_EMPTY: { code: 40014, status: 400, message: '请填写举报原因' },
  REPORT_TOO_LONG: { code: 40015, status: 400, message: '超出长度' },
  REPORT_TYPE_INVALID: { code: 40016, status: 400, message: '请选择举报类型' },
  DECLARATION_INCOMPLETE: { code: 40017, status: 400, message: '请填写完整内容' },
  DECLARATION_NOT_NUMBER: { code: 40018, status: 400, message: '请填写数字' },
  DECLARATION_EMPLOYEES_MIN: { code: 40019, status: 400, message: '从业人数至少为1人' },
  DECLARATION_FIELD_UNKNOWN: { code: 40020, status: 400, message: '请填写完整内容' },
  DECLARATION_FEMALE_OVER_TOTAL: { code: 40027, status: 400, message: '女性从业人数不能多于从业人数' },
  DECLARATION_INSURED_OVER_TOTAL: { code: 40028, status: 400, message: '参保人数不能多于从业人数' },
  /** 注销 needs the visitor's confirmed authorisation (docs/decisions/035-cancellation-authorisation.md). */
  AUTHORIZATION_REQUIRED: { code: 40023, status: 400, message: '请阅读并确认授权委托书' },
  AUTHORIZATION_NAME_MISMATCH: { code: 40024, status: 400, message: '签署姓名与法定代表人姓名不一致' },
  /** The order named an agreement version that is no longer the current one (docs/decisions/034-versioned-agreements.md). */
  AGREEMENT_OUTDATED: { code: 40910, status: 409, message: '服务协议已更新，请阅读新版本并重新确认' },
  /** The ID number is sensitive: its processing needs a consent of its own (docs/decisions/051-separate-id-number-consent.md). */
  ID_NUMBER_CONSENT_REQUIRED: { code: 40029, status: 400, message: '请阅读并单独同意处理法定代表人身份证号码' },
  ID_NUMBER_CONSENT_OUTDATED: { code: 40927, status: 409, message: '身份证号码处理授权已更新，请刷新页面后重新确认' },
} as const satisfies CatalogEntries;

export type PageErrorCode = keyof typeof PAGE_ERRORS;

/** The message of a code those pages meet (the web app's lookup for them). */
export function pageErrorMessage(code: PageErrorCode): string {
  return PAGE_ERRORS[code].message;
}
