/**
 * The one error catalog. Every failure the product can show has a symbolic code here,
 * mapped to the envelope's numeric code, the HTTP status it travels with, and the
 * Chinese message the visitor reads (docs/product/texts.md). Client-only codes carry status 0:
 * they are shown by the web app and never sent by the server.
 *
 * It is written in four parts so the visitor's bundle carries only its own part (decision 011):
 * the codes the web app's home route names, the codes only its later pages name (page-errors.ts, a
 * module of its own: a bundler places a module whole, so these stay out of the home route's
 * script), the codes only the server sends visitors (server-errors.ts, a module of its own for the
 * same reason: the error page names them, and it is not the home), and the codes only staff meet
 * (console, refunds).
 *
 * Numeric codes are status×100+n. Ranges: payments 40030–40049 and 50210–50229; WeChat login
 * 40050–40059, 40150–40159 and 40350–40359; the visitor's deletion request 40090–40094, 42950–42959
 * and 50290; console 40060–40089, 40095–40099, 40980–40984, 40160–40199, 40360–40399, 40460–40499, 42960–42999;
 * refunds 40930–40949 (partial refunds 40934–40949, decision 057); invoices 42200–42229 (the invoice form's checks: 422, since 402xx would be status 402), 40480–40489, 40991–40999 and 50230–50239 (诺诺 platform issuing: 42212–42219, 40483–40486, 40999, 50231–50236); templates and customer uploads 40180, 40475–40476, 41302–41303, 41502–41503, 42230–42232; roles and 提成 40170–40174, 40365–40369, 40380–40385 (within the console's); a dependency away (database restarting) 50320–50324 and 42970–42974; next year's reminder 40950–40959, 42240–42249, 40487–40489, 40390–40394;
 * client-only texts 9xxxx (status 0).
 */

/** The shape of each part of the catalog. */
export type CatalogEntries = Record<string, { code: number; status: number; message: string }>;

/** Codes the visitor's web app names: its own checks, its client-only texts, and server codes it reacts to. */
export const VISITOR_ERRORS = {
  KEYWORD_EMPTY: { code: 40003, status: 400, message: '查询关键词不能为空' },
  FORM_INCOMPLETE: { code: 40005, status: 400, message: '请填写完整信息' },
  COMPANY_NOT_CHOSEN: { code: 40006, status: 400, message: '请选择您的公司' },
  ID_NUMBER_INVALID: { code: 40008, status: 400, message: '请填写正确的身份证号码' },
  PHONE_INVALID: { code: 40009, status: 400, message: '请填写正确的手机号码' },
  CONSENT_REQUIRED: { code: 40010, status: 400, message: '请先阅读并同意服务协议' },
  EXCEEDS_LENGTH: { code: 40011, status: 400, message: '超出长度' },
  PHONE_EMPTY: { code: 40012, status: 400, message: '请输入手机号' },
  QUERY_PHONE_EMPTY: { code: 40013, status: 400, message: '请输入要查询的手机号' },
  AUTHORIZATION_OUTDATED: { code: 40911, status: 409, message: '授权委托书已更新，请重新阅读并确认' },
  RATE_LIMITED: { code: 42901, status: 429, message: '操作过于频繁，请稍后再试' },
  INTERNAL: { code: 50001, status: 500, message: '系统繁忙，请稍后再试' },
  PAYMENT_PROVIDER_UNAVAILABLE: { code: 50201, status: 502, message: '支付通道暂不可用，请稍后再试' },
  WECHAT_LOGIN_NOT_CONFIGURED: { code: 40051, status: 400, message: '当前环境暂不支持微信登录' },
  USER_LOGIN_REQUIRED: { code: 40150, status: 401, message: '请先登录' },
  USER_SESSION_INVALID: { code: 40151, status: 401, message: '登录已失效，请重新进入页面' },
  USER_SESSION_EXPIRED: { code: 40152, status: 401, message: '登录已过期，请重新进入页面' },
  WECHAT_CODE_INVALID: { code: 40153, status: 401, message: '微信授权已失效，请重新进入页面' },
  /** A corp login code without the state this browser was issued (decision 013): authorize again. */
  WECHAT_STATE_INVALID: { code: 40350, status: 403, message: '登录校验失败，请重新进入页面' },
  /**
   * The company already paid for this service this year: one code, the service's words
   * (already-ordered.ts; docs/decisions/032-texts-per-service.md).
   */
  COMPANY_ALREADY_FILED: { code: 90001, status: 0, message: '当前公司已申报' },
  NO_RECORD: { code: 90002, status: 0, message: '暂无记录' },
  QUERY_FAILED: { code: 90003, status: 0, message: '暂时无法查询，请稍后再试' },
  NETWORK_ERROR: { code: 90004, status: 0, message: '网络异常，请检查网络后重试' },
  TIMEOUT: { code: 90005, status: 0, message: '请求超时，请稍后再试' },
  DECRYPT_FAILED: { code: 90006, status: 0, message: '数据解析失败，请稍后再试' },
  /** The clipboard refused the service phone (old WebViews, denied permission). */
  COPY_FAILED: { code: 90007, status: 0, message: '复制失败，请长按号码手动复制' },
  /** A part of the page (a lazy chunk) did not arrive: the network dropped it. */
  PAGE_LOAD_FAILED: { code: 90008, status: 0, message: '页面加载失败，请检查网络后重试' },
} as const satisfies CatalogEntries;

/** Codes only the agent's staff meet: the console and refunds. */
export const STAFF_ERRORS = {
  REFUND_REASON_REQUIRED: { code: 40032, status: 400, message: '请填写退款原因' },
  ORDER_NOT_REFUNDABLE: { code: 40930, status: 409, message: '订单未支付，不能退款' },
  ORDER_ALREADY_REFUNDED: { code: 40931, status: 409, message: '订单已退款' },
  REFUND_ABNORMAL: { code: 40932, status: 409, message: '退款异常，请到支付平台商户后台处理' },
  REFUND_CLOSED: { code: 40933, status: 409, message: '退款已关闭，请到支付平台商户后台处理' },
  REFUND_AMOUNT_INVALID: { code: 40934, status: 409, message: '请填写正确的退款金额（以分计的整数）' },
  REFUND_AMOUNT_NOT_POSITIVE: { code: 40935, status: 409, message: '退款金额须大于 0' },
  REFUND_AMOUNT_EXCEEDS_REFUNDABLE: { code: 40936, status: 409, message: '退款金额不能超过实付金额减去已退金额' },
  REFUND_PARTIAL_REASON_REQUIRED: { code: 40937, status: 409, message: '部分退款须填写退款原因（客户可见）' },
  REFUND_PARTIAL_REASON_TOO_LONG: { code: 40938, status: 409, message: '部分退款原因最多 80 个字' },
  REFUND_AMOUNT_DIFFERS: { code: 40939, status: 409, message: '该订单已有一笔其他金额的退款提交过支付平台，不能改为其他金额' },
  REFUND_PROVIDER_UNAVAILABLE: { code: 50212, status: 502, message: '退款通道暂不可用，请稍后再试' },
  CONSOLE_ORDER_NOT_PAID: { code: 40060, status: 400, message: '订单未支付，不能办理' },
  CONSOLE_STATUS_TRANSITION_INVALID: { code: 40061, status: 400, message: '订单当前状态不能改为该办理状态' },
  CONSOLE_NOTE_REQUIRED: { code: 40062, status: 400, message: '请填写说明' },
  CONSOLE_CUSTOMER_REQUEST_TOO_LONG: { code: 40095, status: 400, message: '请求客户补充的内容不能超过200字' },
  CONSOLE_SAVED_FILTERS_FULL: { code: 40096, status: 400, message: '每个列表最多保存 30 个筛选，请先删除不用的' },
  CONSOLE_UPLOAD_TYPE_INVALID: { code: 40063, status: 400, message: '仅支持 JPG 或 PNG 格式的图片' },
  CONSOLE_UPLOAD_TOO_LARGE: { code: 40064, status: 400, message: '图片不能超过 5 MB' },
  CONSOLE_UPLOAD_MISSING: { code: 40065, status: 400, message: '请选择要上传的图片' },
  CONSOLE_UPLOAD_LIMIT: { code: 40066, status: 400, message: '每个订单最多上传 9 张截图' },
  CONSOLE_REFUND_NOT_ALLOWED: { code: 40067, status: 400, message: '订单当前状态不能退款' },
  CONSOLE_REFUND_ALREADY_REQUESTED: { code: 40068, status: 400, message: '该订单已有待审批的退款申请' },
  CONSOLE_REFUND_ALREADY_DECIDED: { code: 40069, status: 400, message: '该退款申请已处理' },
  CONSOLE_PASSWORD_WEAK: { code: 40070, status: 400, message: '密码至少 10 位，且须同时包含字母和数字' },
  CONSOLE_USERNAME_TAKEN: { code: 40071, status: 400, message: '用户名已存在' },
  CONSOLE_CURRENT_PASSWORD_WRONG: { code: 40072, status: 400, message: '当前密码不正确' },
  CONSOLE_PRICE_INVALID: { code: 40073, status: 400, message: '价格格式有误，请以元为单位填写，最多两位小数' },
  CONSOLE_CONFIG_VALUE_INVALID: { code: 40074, status: 400, message: '配置内容格式有误' },
  CONSOLE_CANNOT_CHANGE_SELF: { code: 40075, status: 400, message: '不能停用自己的账号或修改自己的角色' },
  CONSOLE_LAST_ADMIN: { code: 40076, status: 400, message: '至少需要保留一名启用的管理员' },
  CONSOLE_DATE_RANGE_INVALID: { code: 40077, status: 400, message: '日期范围有误' },
  CONSOLE_ORDER_NOT_TAKEN: { code: 40078, status: 400, message: '请先接单再办理' },
  CONSOLE_REFUND_IN_PROGRESS: { code: 40079, status: 400, message: '该订单正在退款，不能修改办理状态' },
  /** Completing an annual report whose figures the customer has not filed needs the clerk's explicit confirmation. */
  CONSOLE_DECLARATION_MISSING: { code: 40985, status: 409, message: '客户尚未填报年报数据，请确认已通过其他方式取得后再标记完成' },
  /** Completion safeguards (packages/domain/src/order-completion.ts). */
  CONSOLE_SCREENSHOT_REQUIRED: { code: 40980, status: 409, message: '该服务须先上传完成截图，才能标记已完成' },
  CONSOLE_COMPLETION_NO_SCREENSHOT: { code: 40981, status: 409, message: '还没有上传完成截图，请在订单页确认后单独标记完成' },
  CONSOLE_COMPLETION_NO_CALL: { code: 40982, status: 409, message: '还没有记录通话，请在订单页确认后单独标记完成' },
  CONSOLE_LOGIN_FAILED: { code: 40160, status: 401, message: '用户名或密码错误' },
  CONSOLE_LOGIN_REQUIRED: { code: 40161, status: 401, message: '请先登录' },
  CONSOLE_LOGIN_LOCKED: { code: 40162, status: 401, message: '登录失败次数过多，请 15 分钟后再试' },
  /** Too many wrong passwords for this account from untrusted clients: a short wait, at most 1 minute (decision 014). */
  CONSOLE_LOGIN_SLOW_DOWN: { code: 42960, status: 429, message: '登录尝试过于频繁，请 1 分钟后再试' },
  CONSOLE_FORBIDDEN: { code: 40360, status: 403, message: '当前账号无权执行此操作' },
  CONSOLE_ORDER_TAKEN_BY_OTHER: { code: 40361, status: 403, message: '该订单已由其他人员接单' },
  CONSOLE_ACCOUNT_DISABLED: { code: 40362, status: 403, message: '账号已停用，请联系管理员' },
  CONSOLE_REQUEST_ORIGIN_INVALID: { code: 40363, status: 403, message: '请求来源无效，请刷新页面后重试' },
  /** A clerk may only take orders for themself; assigning to colleagues is an admin's (decision 041). */
  CONSOLE_ASSIGN_FORBIDDEN: { code: 40364, status: 403, message: '办理专员只能为自己接单，分配给同事须由管理员或主管操作' },
  /** A clerk sees full ID numbers only on the orders they handle (id-reveal.ts). */
  CONSOLE_ID_REVEAL_NOT_THEIRS: { code: 40370, status: 403, message: '只能查看自己负责办理的订单的完整身份证号' },
  /** another staff member's 提成 asked for without team.view (decision 058) */
  CONSOLE_COMMISSION_NOT_YOURS: { code: 40365, status: 403, message: '只能查看自己的提成' },
  /** A clerk's reveals of the day are used up (CONSOLE_ID_REVEALS_PER_DAY). */
  CONSOLE_ID_REVEAL_DAILY_LIMIT: { code: 42975, status: 429, message: '今日查看完整身份证号的次数已达上限，请明天再试或联系管理员' },
  /** Complaints are assigned as orders are (docs/decisions/056-complaints-on-the-right-order.md). */
  CONSOLE_COMPLAINT_TAKEN_BY_OTHER: { code: 40386, status: 403, message: '该投诉已由其他人员负责' },
  CONSOLE_COMPLAINT_ASSIGN_FORBIDDEN: { code: 40388, status: 403, message: '办理专员只能认领投诉，分配给同事须由管理员或主管操作' },
  CONSOLE_STAFF_NOT_FOUND: { code: 40460, status: 404, message: '员工不存在' },
  CONSOLE_REFUND_REQUEST_NOT_FOUND: { code: 40461, status: 404, message: '退款申请不存在' },
  CONSOLE_FEEDBACK_NOT_FOUND: { code: 40462, status: 404, message: '投诉记录不存在' },
  CONSOLE_FILE_NOT_FOUND: { code: 40463, status: 404, message: '文件不存在' },
  CONSOLE_CONFIG_KEY_NOT_FOUND: { code: 40464, status: 404, message: '配置项不存在' },
  CONSOLE_ASSIGNEE_NOT_FOUND: { code: 40470, status: 404, message: '指派的员工不存在或已停用' },
  /** Daily reconciliation (decision 039). */
  CONSOLE_RECONCILIATION_PROVIDER_NOT_CONFIGURED: { code: 40082, status: 400, message: '该支付通道未开通或没有对账单' },
  CONSOLE_RECONCILIATION_BUSY: { code: 40990, status: 409, message: '该日对账正在进行，请稍后刷新' },
  /** WeChat Pay complaints (decision 040). */
  CONSOLE_WECHAT_COMPLAINT_NOT_FOUND: { code: 40491, status: 404, message: '微信支付投诉不存在' },
  CONSOLE_WECHAT_COMPLAINTS_OFF: { code: 40083, status: 400, message: '未开通微信支付，无法处理微信支付投诉' },
  CONSOLE_WECHAT_COMPLAINT_NO_ORDER: { code: 40084, status: 400, message: '该投诉没有关联到本站订单，请在微信支付商户平台处理' },
  CONSOLE_WECHAT_COMPLAINT_CLOSED: { code: 40085, status: 400, message: '该投诉已处理完成' },
  CONSOLE_WECHAT_COMPLAINT_NOT_REFUND: { code: 40055, status: 400, message: '该投诉不是申请退款类投诉，无需上报退款审批结果' },
  CONSOLE_WECHAT_COMPLAINT_PROGRESS_REPORTED: { code: 40056, status: 400, message: '退款审批结果已上报微信支付' },
  CONSOLE_WECHAT_COMPLAINT_REFUND_NOT_LAUNCHED: { code: 40057, status: 400, message: '退款尚未发起：请先在退款审批中通过退款申请，通过后会自动上报微信支付' },
  CONSOLE_WECHAT_COMPLAINT_REFUND_LAUNCHED: { code: 40058, status: 400, message: '退款已发起，不能再拒绝退款' },
  CONSOLE_AGREEMENT_TEXT_INVALID: { code: 40080, status: 400, message: '协议内容不能为空，且不超过 20000 字' },
  CONSOLE_AGREEMENT_UNCHANGED: { code: 40081, status: 400, message: '协议内容与当前版本相同，无需发布' },
  CONSOLE_AUTHORIZATION_NOT_FOUND: { code: 40465, status: 404, message: '该订单没有授权委托书' },
  /** Invoices (invoice.ts, docs/decisions/060-invoices.md). */
  CONSOLE_INVOICE_FILE_TYPE_INVALID: { code: 42208, status: 422, message: '仅支持 PDF 或 OFD 格式的发票文件' },
  CONSOLE_INVOICE_FILE_TOO_LARGE: { code: 42209, status: 422, message: '发票文件不能超过 10 MB' },
  CONSOLE_INVOICE_FILE_MISSING: { code: 42210, status: 422, message: '请选择要上传的发票文件' },
  CONSOLE_INVOICE_NOT_ISSUABLE: { code: 40995, status: 409, message: '该发票当前状态不能开具' },
  CONSOLE_INVOICE_RED_LETTER_NOT_ALLOWED: { code: 40996, status: 409, message: '只有已开具的发票才能红冲' },
  /** A refund of an invoiced order waits for the red-letter invoice (红冲) to be recorded. */
  CONSOLE_INVOICE_RED_LETTER_REQUIRED: { code: 40997, status: 409, message: '该订单已开具发票，请先红冲发票，再审批退款' },
  CONSOLE_INVOICE_RED_LETTER_NOT_REQUESTED: { code: 40998, status: 409, message: '请先申请红冲，再上传红字发票' },
  CONSOLE_INVOICE_NOT_FOUND: { code: 40482, status: 404, message: '发票申请不存在' },
  CONSOLE_INVOICE_PROVIDER_UNAVAILABLE: { code: 50230, status: 502, message: '开票平台暂不可用，请稍后再试' },
  CONSOLE_INVOICE_UPLOAD_REQUIRED: { code: 40999, status: 409, message: '当前为手工开票：请在开票软件中开具后上传发票文件' },
  CONSOLE_INVOICE_RED_LETTER_REFUSED: { code: 50231, status: 502, message: '开票平台未受理红冲申请' },
  CONSOLE_INVOICE_BULK_EMPTY: { code: 42212, status: 422, message: '请选择要开具的发票' },
  /** Message templates and phone-given figures (docs/decisions/062-templates-and-customer-uploads.md). */
  CONSOLE_TEMPLATE_NOT_FOUND: { code: 40475, status: 404, message: '模板不存在' },
  CONSOLE_TEMPLATE_PLACEHOLDER_UNKNOWN: { code: 42230, status: 422, message: '模板中有无法填写的占位符' },
  CONSOLE_TEMPLATE_TOO_LONG: { code: 42231, status: 422, message: '模板填入订单信息后可能超过字数上限，请缩短' },
  CONSOLE_FIGURES_NOT_ANNUAL_REPORT: { code: 42232, status: 422, message: '该订单不是工商年报订单，没有年报数据可录入' },
  /** The season's reminders (reminder.ts, docs/decisions/065-next-season-reminder.md). */
  CONSOLE_REMINDER_SEASON_OVER: { code: 42240, status: 422, message: '年报季已结束：年报提醒只在每年1月1日至6月30日发送，6月30日后不再发送' },
  CONSOLE_REMINDER_OUTSIDE_SENDING_HOURS: { code: 42241, status: 422, message: '现在不能发送：年报提醒只在北京时间 08:00–21:00 发送，请在此时间内再试' },
} as const satisfies CatalogEntries;

export type VisitorErrorCode = keyof typeof VISITOR_ERRORS;

/** Texts the visitor sees that are not errors (docs/product/texts.md). */
export const NOTICES = {
  SUBMITTED: '提交成功',
  COPY_SUCCEEDED: '复制成功',
  NO_CONTACT_PHONE: '暂无联系电话',
  PAYMENT_SUCCEEDED: '支付成功',
  PAYMENT_FAILED: '支付失败',
  PAYMENT_CANCELED: '支付已取消',
  LOADING: '加载中...',
} as const;

/** The message of a code the visitor can meet (the web app's lookup; it reads the visitor part only). */
export function errorMessage(code: VisitorErrorCode): string {
  return VISITOR_ERRORS[code].message;
}

/** The text a toast shows for an envelope message: its first comma-separated segment (docs/product/texts.md). */
export function toastText(message: string): string {
  return message.split(',')[0]!.trim();
}

/** What an envelope message carries after its first comma (the server's detail), or undefined. */
export function errorDetail(message: string): string | undefined {
  const comma = message.indexOf(',');
  const detail = comma < 0 ? '' : message.slice(comma + 1).trim();
  return detail === '' ? undefined : detail;
}

/**
 * The refusal of an order a colleague has: it names them when the server said who (the detail of
 * CONSOLE_ORDER_TAKEN_BY_OTHER), so the clerk who lost 接单 knows whom to ask.
 */
export function takenByOtherText(name: string | undefined): string {
  return name ? `该订单已由 ${name} 接单` : STAFF_ERRORS.CONSOLE_ORDER_TAKEN_BY_OTHER.message;
}
