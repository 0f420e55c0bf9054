/** For tools (bench, attack suite, test helpers) that need the environment: still read only in config. */

/** The environment with some values replaced, for tools that start the server as a child process. */
export function environmentWith(overrides: Record<string, string>): Record<string, string | undefined> {
  return { ...process.env, ...overrides };
}

/** Reads a named environment variable for tools (bench, test helpers) — still only here. */
export function readEnv(name: string): string | undefined {
  const value = process.env[name];
  return value === '' ? undefined : value;
}
