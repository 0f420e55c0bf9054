import { afterAll, beforeAll, expect, it } from 'vitest';
import { SAVED_FILTERS_PER_LIST, type ConsoleSavedFilter } from '@kuaibao/domain';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, createStaff, dataOf, expectError, login, type Call, type ConsoleTestApp } from './console.test-support.ts';

/** Saved filters live on the server, per staff member and list (decision 045): nobody else's are reachable. */
describeDialects('console saved filters (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let asAdmin: Call;
  let asClerk: Call;
  let asOtherClerk: Call;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    const admin = await login(test, 'admin', ADMIN_PASSWORD);
    asAdmin = caller(test, admin);
    asClerk = caller(test, await createStaff(test, admin, { username: 'clerk.filters', role: 'clerk' }));
    asOtherClerk = caller(test, await createStaff(test, admin, { username: 'clerk.filters2', role: 'clerk' }));
  });
  afterAll(async () => {
    await test.close();
  });

  const listOf = async (call: Call, list: string) => dataOf<ConsoleSavedFilter[]>(await call('GET', '/api/console/saved-filters', undefined, { query: { list } }));

  it('keeps a filter per staff member and list, and a second save under the same name replaces it', async () => {
    const first = dataOf<ConsoleSavedFilter>(await asClerk('POST', '/api/console/saved-filters', { list: 'orders', name: '  按金额 ', search: 'view=all&sort=total_fee_asc' }));
    expect(first).toMatchObject({ list: 'orders', name: '按金额', search: 'view=all&sort=total_fee_asc' });
    dataOf(await asClerk('POST', '/api/console/saved-filters', { list: 'refunds', name: '待审批', search: 'status=pending' }));
    const replaced = dataOf<ConsoleSavedFilter>(await asClerk('POST', '/api/console/saved-filters', { list: 'orders', name: '按金额', search: 'view=all&sort=total_fee_desc' }));

    expect((await listOf(asClerk, 'orders')).map((f) => [f.id, f.name, f.search])).toEqual([[replaced.id, '按金额', 'view=all&sort=total_fee_desc']]);
    expect((await listOf(asClerk, 'refunds')).map((f) => f.name)).toEqual(['待审批']);
    const stored = await test.database.db.selectFrom('saved_filters').select(['name', 'list']).where('id', '=', first.id).executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('never shows or deletes another staff member’s filter, an admin’s request included', async () => {
    const mine = dataOf<ConsoleSavedFilter>(await asClerk('POST', '/api/console/saved-filters', { list: 'sms', name: '失败的', search: 'status=FAILED' }));
    expect(await listOf(asOtherClerk, 'sms')).toEqual([]);
    expect(await listOf(asAdmin, 'sms')).toEqual([]);

    expect(dataOf(await asOtherClerk('DELETE', `/api/console/saved-filters/${mine.id}`))).toEqual({ deleted: false });
    expect(dataOf(await asAdmin('DELETE', `/api/console/saved-filters/${mine.id}`))).toEqual({ deleted: false });
    expect((await listOf(asClerk, 'sms')).map((f) => f.id)).toEqual([mine.id]);

    // The other clerk's filter of the same name is their own row; deleting the owner's leaves it.
    const theirs = dataOf<ConsoleSavedFilter>(await asOtherClerk('POST', '/api/console/saved-filters', { list: 'sms', name: '失败的', search: 'status=FAILED&q=138' }));
    expect(dataOf(await asClerk('DELETE', `/api/console/saved-filters/${mine.id}`))).toEqual({ deleted: true });
    expect(await listOf(asClerk, 'sms')).toEqual([]);
    expect((await listOf(asOtherClerk, 'sms')).map((f) => [f.id, f.search])).toEqual([[theirs.id, 'status=FAILED&q=138']]);
  });

  it('refuses an unknown list, an empty name, a caller not signed in, and more than the limit per list', async () => {
    expectError(await asClerk('POST', '/api/console/saved-filters', { list: 'staff', name: 'x', search: '' }), 'VALIDATION_FAILED');
    expectError(await asClerk('POST', '/api/console/saved-filters', { list: 'audit', name: '   ', search: '' }), 'VALIDATION_FAILED');
    expectError(await asClerk('GET', '/api/console/saved-filters', undefined, { query: { list: 'staff' } }), 'VALIDATION_FAILED');
    expect((await caller(test, undefined)('GET', '/api/console/saved-filters', undefined, { query: { list: 'audit' } })).statusCode).toBe(401);

    for (let n = 0; n < SAVED_FILTERS_PER_LIST; n++) dataOf(await asOtherClerk('POST', '/api/console/saved-filters', { list: 'audit', name: `筛选 ${n}`, search: `q=${n}` }));
    expectError(await asOtherClerk('POST', '/api/console/saved-filters', { list: 'audit', name: '再多一个', search: 'q=x' }), 'CONSOLE_SAVED_FILTERS_FULL');
    // Replacing one by name is still allowed at the limit; another staff member has their own limit.
    dataOf(await asOtherClerk('POST', '/api/console/saved-filters', { list: 'audit', name: '筛选 0', search: 'q=zero' }));
    expect(await listOf(asOtherClerk, 'audit')).toHaveLength(SAVED_FILTERS_PER_LIST);
    dataOf(await asClerk('POST', '/api/console/saved-filters', { list: 'audit', name: '再多一个', search: 'q=x' }));
  });
});
