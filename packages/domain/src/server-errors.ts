/**
 * The codes only the server sends visitors (errors.ts has the catalog's rules). A module of its own:
 * the web app's error page names them (error-page-text.ts), and errors.ts travels in the home
 * route's script, which a bundler would then carry them in too (decision 011).
 */
import type { CatalogEntries } from './errors.ts';

/** Codes only the server sends visitors: the web app shows the envelope's message, and the error page the code's text. */
export const SERVER_ERRORS = {
  /** The visitor's deletion request (docs/decisions/037-visitor-deletion-request.md). */
  DELETION_CODE_WRONG: { code: 40090, status: 400, message: '验证码不正确' },
  DELETION_CODE_EXPIRED: { code: 40091, status: 400, message: '验证码已过期，请重新获取' },
  DELETION_CODE_LOCKED: { code: 40092, status: 400, message: '验证码错误次数过多，请重新获取' },
  DELETION_CODE_MISSING: { code: 40093, status: 400, message: '请先获取验证码' },
  DELETION_CODE_TOO_SOON: { code: 42950, status: 429, message: '验证码已发送，请 1 分钟后再试' },
  VALIDATION_FAILED: { code: 40001, status: 400, message: '请求参数有误' },
  MALFORMED_JSON: { code: 40002, status: 400, message: '请求格式有误' },
  KEYWORD_TOO_LONG: { code: 40004, status: 400, message: '查询关键词过长' },
  CREDIT_CODE_INVALID: { code: 40007, status: 400, message: '请选择您的公司' },
  PAY_TYPE_NOT_ALLOWED: { code: 40021, status: 400, message: '该服务暂不支持此支付方式' },
  PAY_SOURCE_NOT_ALLOWED: { code: 40022, status: 400, message: '当前环境暂不支持此支付方式' },
  SIGNATURE_MISSING: { code: 40101, status: 401, message: '请求签名缺失' },
  SIGNATURE_INVALID: { code: 40102, status: 401, message: '请求签名无效' },
  SIGNATURE_EXPIRED: { code: 40103, status: 401, message: '请求已过期，请检查手机时间后重试' },
  REQUEST_REPLAYED: { code: 40104, status: 401, message: '请求重复，请刷新页面后重试' },
  /** PUT /api/h5/order without the order's edit key or its owner's login (decision 012). */
  ORDER_EDIT_FORBIDDEN: { code: 40301, status: 403, message: '无权修改该订单，请在下单时使用的设备上填写' },
  /**
   * A complaint's order without the proof that it is the visitor's (its key or a verified phone's token,
   * docs/decisions/056-complaints-on-the-right-order.md); an unknown id gets the same answer.
   */
  REPORT_ORDER_FORBIDDEN: { code: 40387, status: 403, message: '无法确认该订单属于您，请先验证下单手机号' },
  /**
   * The customer's upload of the documents a clerk asked for (docs/decisions/062-templates-and-customer-uploads.md):
   * proven by the verified phone's token, never by the order's id alone; an unknown id gets the same answer.
   */
  CUSTOMER_UPLOAD_NOT_VERIFIED: { code: 40180, status: 401, message: '请先验证下单手机号，再上传资料' },
  CUSTOMER_UPLOAD_NOT_REQUESTED: { code: 40476, status: 404, message: '该订单当前没有需要补充的资料' },
  CUSTOMER_UPLOAD_TOO_LARGE: { code: 41302, status: 413, message: '文件不能超过 5 MB' },
  CUSTOMER_UPLOAD_LIMIT: { code: 41303, status: 413, message: '每个订单最多上传 9 份资料' },
  CUSTOMER_UPLOAD_TYPE_INVALID: { code: 41502, status: 415, message: '仅支持 JPG、PNG 图片或 PDF 文件' },
  CUSTOMER_UPLOAD_MISSING: { code: 41503, status: 415, message: '请选择要上传的图片或 PDF 文件' },
  NOT_FOUND: { code: 40401, status: 404, message: '请求的地址不存在' },
  ORDER_NOT_FOUND: { code: 40402, status: 404, message: '订单不存在' },
  GOODS_NOT_FOUND: { code: 40403, status: 404, message: '服务不存在或已下架' },
  METHOD_NOT_ALLOWED: { code: 40501, status: 405, message: '请求方式不支持' },
  ORDER_NOT_PAYABLE: { code: 40901, status: 409, message: '订单当前状态不能支付' },
  ORDER_NOT_EDITABLE: { code: 40902, status: 409, message: '订单当前状态不能修改' },
  /** The socket sent nothing complete in time (HTTP_REQUEST_TIMEOUT_MS): answered by the HTTP layer. */
  REQUEST_TIMEOUT: { code: 40801, status: 408, message: '请求超时，请稍后再试' },
  BODY_TOO_LARGE: { code: 41301, status: 413, message: '请求内容过大' },
  /** Request headers over Node's 16 KiB: answered by the HTTP layer before any route. */
  HEADERS_TOO_LARGE: { code: 43101, status: 431, message: '请求头过大' },
  UNSUPPORTED_MEDIA_TYPE: { code: 41501, status: 415, message: '请求格式有误' },
  SERVICE_UNAVAILABLE: { code: 50301, status: 503, message: '服务暂不可用，请稍后再试' },
  /** The database does not answer (a restart, a failover): 503 with Retry-After (docs/decisions/052-degraded-not-down.md). */
  DATABASE_UNAVAILABLE: { code: 50320, status: 503, message: '系统维护中，请稍后再试' },
  /** Production, while the operator's name, credit code, ICP number or contact is missing (operator-readiness.ts). */
  OPERATOR_NOT_READY: { code: 50314, status: 503, message: '本站运营信息尚未完善，暂不能下单，请稍后再试' },
  PAYMENT_REJECTED: { code: 40030, status: 400, message: '支付下单失败，请稍后再试或更换支付方式' },
  PAYMENT_METHOD_NOT_ENABLED: { code: 40031, status: 400, message: '该支付方式暂未开通，请更换支付方式' },
  PAYMENT_PROVIDER_TIMEOUT: { code: 50210, status: 502, message: '支付通道响应超时，请稍后再试' },
  PAYMENT_PROVIDER_BAD_RESPONSE: { code: 50211, status: 502, message: '支付通道返回异常，请稍后再试' },
  LOGIN_TYPE_UNSUPPORTED: { code: 40050, status: 400, message: '暂不支持该登录方式' },
  WECHAT_SNAPSHOT_USER: { code: 40154, status: 401, message: '请点击页面底部“使用完整服务”后再试' },
  WECHAT_LOGIN_REFUSED: { code: 40155, status: 401, message: '当前微信账号暂时无法登录，请稍后再试' },
  /** An SMS provider's reply callback (回T) with the wrong secret path (docs/decisions/065-next-season-reminder.md). */
  /** The SMS's one-tap opt-out link, wrong or unknown (shown on its own page). */
  REMINDER_OPT_OUT_LINK_INVALID: { code: 40487, status: 404, message: '退订链接无效或已失效' },
  REMINDER_SMS_REPLY_FORBIDDEN: { code: 40390, status: 403, message: '短信回复回调的令牌不正确' },
} as const satisfies CatalogEntries;
