import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, login, type Call, type ConsoleTestApp } from './console.test-support.ts';

/** Found by the fuzzer (apps/api/attack/fuzz.ts): the same new username four times at once answered 500. */
describeDialects('creating the same staff account concurrently (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let asAdmin: Call;
  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    asAdmin = caller(test, await login(test, 'admin', ADMIN_PASSWORD));
  });
  afterAll(async () => {
    await test.close();
  });

  it('creates one and answers CONSOLE_USERNAME_TAKEN to the others', async () => {
    const body = { username: 'race.clerk', display_name: '并发', role: 'clerk', password: 'race-password-1' };
    const answers = await Promise.all([1, 2, 3, 4].map(() => asAdmin('POST', '/api/console/staff', body)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(ERROR_CATALOG.CONSOLE_USERNAME_TAKEN.status);
      expect((answer.json() as { code: number }).code).toBe(ERROR_CATALOG.CONSOLE_USERNAME_TAKEN.code);
    }
  });
});
