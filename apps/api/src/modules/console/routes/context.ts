import type { FastifyRequest } from 'fastify';
import { AppError } from '@kuaibao/domain';
import type { Actor } from '../../staff/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    consoleActor?: Actor;
    consoleToken?: string;
  }
  interface FastifyContextConfig {
    /** answers without a session (sign-in) */
    consolePublic?: boolean;
    /** answers while the staff member still has to replace a temporary password */
    consoleTemporaryPasswordOk?: boolean;
  }
}

/** The signed-in staff member, set by the console scope's onRequest hook (console.routes.ts). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.consoleActor) throw new AppError('CONSOLE_LOGIN_REQUIRED');
  return request.consoleActor;
}
