import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { buildTestApp, signedInject, type TestApp } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';

/** Anonymous analytics writes are bounded in size, rate and what is kept (docs/security.md). */
describeDialects('POST /api/user/event (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ dialect, companies: 0 });
  });
  afterAll(async () => {
    await test.close();
  });

  const send = (body: unknown, device = 'device-events-1') => signedInject(test, { method: 'POST', url: '/api/user/event', body, headers: { 'x-device-id': device } });
  const rows = async () => (await test.database.db.selectFrom('events').select(['id', 'value', 'extra']).execute()).length;
  const nextMinute = () => test.clock.advance(61_000);

  it('refuses a 64 KiB extra before parsing it, and any extra over 1 KiB', async () => {
    const before = await rows();
    const huge = await send({ key: 'client.flood', type: 'event', extra: { blob: 'x'.repeat(64 * 1024) } });
    expect(huge.statusCode).toBe(ERROR_CATALOG.BODY_TOO_LARGE.status);
    const big = await send({ key: 'client.flood', type: 'event', extra: { blob: 'x'.repeat(2000) } });
    expect(big.statusCode).toBe(ERROR_CATALOG.VALIDATION_FAILED.status);
    expect(await rows()).toBe(before);
    const small = await send({ key: 'client.home.view', type: 'event', extra: { variant: 'v1' } });
    expect(small.statusCode, small.body).toBe(200);
    expect(await rows()).toBe(before + 1);
    nextMinute();
  });

  it('keeps the first sighting of the same event from a device per day, and a sample of long values', async () => {
    const before = await rows();
    for (let i = 0; i < 10; i += 1) expect((await send({ key: 'client.repeat', type: 'click', value: 'same' })).statusCode).toBe(200);
    expect((await send({ key: 'client.repeat', type: 'click', value: 'y'.repeat(2000) })).statusCode).toBe(200);
    expect(await rows()).toBe(before + 2);
    const stored = await test.database.db.selectFrom('events').select('value').where('key', '=', 'client.repeat').execute();
    expect(Math.max(...stored.map((row) => row.value.length))).toBe(256);
    nextMinute();
  });

  it('limits one device to 60 events a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await send({ key: 'client.device.flood', type: 'event', value: String(i) }, 'device-flooder')).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(ERROR_CATALOG.RATE_LIMITED.status);
    nextMinute();
    expect((await send({ key: 'client.device.flood', type: 'event', value: 'later' }, 'device-flooder')).statusCode).toBe(200);
    nextMinute();
  });

  it('limits one address to 120 events a minute whatever device ids it forges, so a flood stores little', async () => {
    const before = await rows();
    let accepted = 0;
    let limited = 0;
    for (let i = 0; i < 600; i += 1) {
      const status = (await send({ key: 'client.ip.flood', type: 'event', value: String(i), extra: { n: i } }, `forged-${i}`)).statusCode;
      if (status === 200) accepted += 1;
      else if (status === ERROR_CATALOG.RATE_LIMITED.status) limited += 1;
    }
    expect(accepted).toBe(120);
    expect(limited).toBe(480);
    expect((await rows()) - before).toBe(120);
    nextMinute();
  });
});
