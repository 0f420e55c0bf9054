/**
 * The agent's staff in the console (docs/decisions/008-console-auth-and-roles.md,
 * docs/decisions/058-finance-and-supervisor-roles-and-commission.md): four roles, what each may do,
 * and the password and username rules both the console form and the server check.
 */

export const STAFF_ROLES = ['admin', 'clerk', 'finance', 'supervisor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_NAMES: Record<StaffRole, string> = { admin: '管理员', clerk: '办理专员', finance: '财务', supervisor: '主管' };

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Everything a signed-in staff member may be allowed to do. */
export const PERMISSIONS = [
  'orders.view',
  'orders.handle',
  /** take over an order another staff member has taken */
  'orders.reassign',
  /** see an order's full ID number: a clerk only on the orders they handle, within a daily number (id-reveal.ts) */
  'orders.reveal_id',
  /** see the full ID number of any order, without the daily number */
  'orders.reveal_any_id',
  'refunds.request',
  'refunds.approve',
  'feedback.handle',
  'sms.view',
  'config.view',
  /** goods (names, prices, pay types) and site texts */
  'config.edit',
  'staff.manage',
  'audit.view',
  /** the daily reconciliation with the payment providers' bills (decision 039) */
  'money.reconcile',
  /** downloading whole lists (orders, refunds, SMS, audit) as files: personal data in bulk, admins only (decision 038) */
  'data.export',
  /** the money figures: the dashboard's 收入/退款/净收入 and the trends' revenue (never sent without it) */
  'money.view',
  /** the refund requests list (asking for one is refunds.request, deciding refunds.approve) */
  'refunds.view',
  /** the 发票 list */
  'invoices.view',
  /** every staff member's work: the trends' per-clerk figures and everyone's 提成 */
  'team.view',
  /** the 提成 page: one's own commission (everyone's with team.view) */
  'commission.view',
  /** the 年报季提醒 page: the opted-in companies, the pre-check and starting a batch of reminder SMS (decision 065) */
  'reminders.send',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const CLERK: readonly Permission[] = ['orders.view', 'orders.handle', 'orders.reveal_id', 'refunds.request', 'feedback.handle', 'sms.view', 'config.view', 'refunds.view', 'commission.view', 'invoices.view'];

/** Reads the money and the lists, never moves an order or sees a full ID number. */
const FINANCE: readonly Permission[] = ['orders.view', 'money.view', 'money.reconcile', 'refunds.view', 'invoices.view', 'data.export', 'team.view', 'commission.view'];

/** A clerk who also hands out orders, decides refunds and sees everyone's work; not staff, prices or texts. */
const SUPERVISOR: readonly Permission[] = [...CLERK, 'orders.reassign', 'refunds.approve', 'money.view', 'team.view'];

/** The one table the API's checks (assertCan) and the console's menu and pages read. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  clerk: CLERK,
  finance: FINANCE,
  supervisor: SUPERVISOR,
};

export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function permissionsOf(role: StaffRole): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

/**
 * The permission each console page needs (its path's first segment; '' is the dashboard): the menu
 * shows the page and the route opens it only with it, otherwise the no-permission page.
 */
export const CONSOLE_PAGE_PERMISSIONS: Readonly<Record<string, Permission>> = {
  '': 'orders.view',
  orders: 'orders.view',
  customers: 'orders.view',
  'deletion-requests': 'orders.view',
  refunds: 'refunds.view',
  feedback: 'feedback.handle',
  sms: 'sms.view',
  goods: 'config.view',
  'site-config': 'config.view',
  agreements: 'config.view',
  'directory-source': 'config.view',
  templates: 'config.view',
  staff: 'staff.manage',
  audit: 'audit.view',
  reconciliation: 'money.reconcile',
  invoices: 'invoices.view',
  commission: 'commission.view',
  reminders: 'reminders.send',
};

/** The permission the console page at this path needs; undefined for a page not in the table (it checks on its own). */
export function consolePagePermission(pathname: string): Permission | undefined {
  const segment = pathname.split('/').filter(Boolean)[0] ?? '';
  return Object.hasOwn(CONSOLE_PAGE_PERMISSIONS, segment) ? CONSOLE_PAGE_PERMISSIONS[segment] : undefined;
}

/** Whether the role may open the console page at this path. */
export function roleCanOpen(role: StaffRole, pathname: string): boolean {
  const permission = consolePagePermission(pathname);
  return permission === undefined || roleCan(role, permission);
}

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** At least 10 characters with a letter and a digit; long passphrases are welcome. */
export function isAcceptablePassword(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  return /[A-Za-z]/.test(password) && /\d/.test(password);
}

/** Lower-case letters, digits, dot, dash and underscore, 3 to 32 characters. */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;

export function normalizeUsername(raw: string): string {
  return raw.trim().toLowerCase();
}
