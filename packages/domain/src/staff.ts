/**
 * The agent's staff in the console (docs/decisions/008-console-auth-and-roles.md): two roles,
 * what each may do, and the password and username rules both the console form and the server
 * check.
 */

export const STAFF_ROLES = ['admin', 'clerk'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_NAMES: Record<StaffRole, string> = { admin: '管理员', clerk: '办理专员' };

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
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const CLERK: readonly Permission[] = ['orders.view', 'orders.handle', 'orders.reveal_id', 'refunds.request', 'feedback.handle', 'sms.view', 'config.view'];

const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  clerk: CLERK,
};

export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function permissionsOf(role: StaffRole): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
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
