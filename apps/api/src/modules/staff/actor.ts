import { AppError, roleCan, type Permission, type StaffRole } from '@kuaibao/domain';

/** The signed-in staff member behind a console request; every staff-facing service takes one. */
export interface Actor {
  id: number;
  username: string;
  displayName: string;
  role: StaffRole;
  mustChangePassword: boolean;
  ip: string;
}

export function assertCan(actor: Actor, permission: Permission): void {
  if (!roleCan(actor.role, permission)) throw new AppError('CONSOLE_FORBIDDEN', permission);
}
