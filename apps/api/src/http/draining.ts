import type { FastifyInstance } from 'fastify';

/**
 * An instance that has been told to stop (SIGTERM) but still listens for the grace period
 * (docs/decisions/026-cluster-run-and-graceful-shutdown.md): /readyz answers 503 so a load balancer
 * that probes stops choosing it, and every answer carries `Connection: close`, so a proxy's
 * keep-alive connection ends after the request it carried instead of being reused for a request
 * that could meet the closing socket (a POST nginx has sent is never retried on the other instance).
 */
export interface Draining {
  readonly active: boolean;
  start(): void;
}

export function registerDraining(app: FastifyInstance): Draining {
  let active = false;
  app.addHook('onSend', async (_request, reply) => {
    if (active) reply.header('connection', 'close');
  });
  return {
    get active() {
      return active;
    },
    start() {
      active = true;
    },
  };
}
