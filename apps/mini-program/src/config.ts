/**
 * The host's settings, written by `npm run mini-program:config` into config.generated.ts (not
 * committed: it names a deployment). docs/mini-program.md says where each value comes from.
 */
import type { HostApiConfig } from './host-api.ts';
import { GENERATED_CONFIG } from './config.generated.ts';

export interface HostConfig extends HostApiConfig {
  /** The mini-program's appid (also in project.config.json). */
  appId: string;
}

export const HOST_CONFIG: HostConfig = GENERATED_CONFIG;
