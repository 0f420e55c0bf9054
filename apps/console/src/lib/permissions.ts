import type { Permission } from '@kuaibao/domain';
import { useSession } from '../hooks/api/session.ts';

/** What the signed-in staff member may do (the server checks again). */
export function useCan(permission: Permission): boolean {
  const session = useSession();
  return session.data?.permissions.includes(permission) ?? false;
}
