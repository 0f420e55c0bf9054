import type { Env } from './env-schema.ts';

/** A bad or missing setting; the server prints its message and stops. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  /** One line per problem (the message's lines without the heading); set when built by invalidConfiguration. */
  readonly problems: readonly string[];

  constructor(message: string, problems?: readonly string[]) {
    super(message);
    this.problems = problems ?? message.replace(/^Invalid configuration:/, '').split('\n').map((line) => line.trim()).filter(Boolean);
  }
}

/** One problem: one line ("Invalid configuration: NAME: reason"); several: one per line. */
export function invalidConfiguration(lines: readonly string[]): ConfigError {
  const trimmed = lines.map((line) => line.trim());
  return new ConfigError(trimmed.length === 1 ? `Invalid configuration: ${trimmed[0]}` : `Invalid configuration:\n${trimmed.map((line) => `  ${line}`).join('\n')}`, trimmed);
}

/**
 * `need(KEY, why)`: the value of a string setting a chosen provider requires; when it is unset,
 * records "KEY: required when …" in `missing` (the caller throws once, naming them all) and gives ''.
 */
export function settingsNeededBy(e: Env, missing: string[]): (key: keyof Env, why: string) => string {
  return (key, why) => {
    const value = e[key];
    if (typeof value !== 'string' || value === '') {
      missing.push(`  ${key}: required when ${why}`);
      return '';
    }
    return value;
  };
}
