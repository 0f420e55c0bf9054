import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ERROR_CATALOG, ORDER_STATUS, PROCESS_STATUS, PROCESS_STATUS_NAMES, wasOrderPaid, type CreateOrderResult, type ErrorCode, type OrderStatus, type ProcessStatus, type StaffRole } from '@kuaibao/domain';
import type { NewOrder } from '../../db/schema.ts';
import { createPersonalDataVault } from '../../security/personal-data.ts';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type Dialect, type TestApp } from '../../test/helper.ts';
import { CONSOLE_COOKIE, CONSOLE_REQUEST_HEADER } from './console.routes.ts';

/** Test support for the console's API tests (not a test file itself). */

export const ADMIN_PASSWORD = 'admin-password-2026';
export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);

export interface ConsoleTestApp extends TestApp {
  uploadsDir: string;
}

export async function buildConsoleTestApp(dialect: Dialect, env: Record<string, string> = {}, now?: Date): Promise<ConsoleTestApp> {
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'kuaibao-uploads-'));
  const test = await buildTestApp({ dialect, companies: 200, env: { UPLOADS_DIR: uploadsDir, SMS_OUTBOX_INTERVAL_MS: '0', ...env }, ...(now ? { now } : {}) });
  await test.app.services.console.auth.ensureFirstAdmin({ username: 'admin', password: ADMIN_PASSWORD });
  return {
    ...test,
    uploadsDir,
    async close() {
      await test.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

export interface Session {
  cookie: string;
  staffId: number;
}

export type Call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, options?: { headers?: Record<string, string>; query?: Record<string, string> }) => Promise<LightMyRequestResponse>;

/** A request as the console app sends it: session cookie, the console header, JSON. */
export function caller(test: TestApp, session: Session | undefined): Call {
  return (method, url, body, options) =>
    test.app.inject({
      method,
      url,
      ...(options?.query ? { query: options.query } : {}),
      headers: {
        ...(session ? { cookie: `${CONSOLE_COOKIE}=${session.cookie}` } : {}),
        [CONSOLE_REQUEST_HEADER]: '1',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options?.headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
}

export async function login(test: TestApp, username: string, password: string): Promise<Session> {
  const response = await caller(test, undefined)('POST', '/api/console/session', { username, password });
  expect(response.statusCode, response.body).toBe(200);
  const setCookie = String(response.headers['set-cookie']);
  const cookie = new RegExp(`${CONSOLE_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
  expect(cookie).toBeTruthy();
  return { cookie: cookie!, staffId: (response.json() as { data: { id: number } }).data.id };
}

/** Creates a staff member as the admin, signs them in and replaces the temporary password. */
export async function createStaff(test: TestApp, admin: Session, input: { username: string; role: StaffRole; display_name?: string }): Promise<Session> {
  const temporary = `temp-${input.username}-123`;
  const created = await caller(test, admin)('POST', '/api/console/staff', { username: input.username, display_name: input.display_name ?? input.username, role: input.role, password: temporary });
  expect(created.statusCode, created.body).toBe(200);
  const first = await login(test, input.username, temporary);
  const changed = await caller(test, first)('POST', '/api/console/me/password', { current_password: temporary, new_password: `${input.username}-final-2026` });
  expect(changed.statusCode, changed.body).toBe(200);
  return first;
}

export function dataOf<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

export function expectError(response: LightMyRequestResponse, code: ErrorCode): void {
  expect(response.statusCode, response.body).toBe(ERROR_CATALOG[code].status);
  const body = response.json() as { code: number; msg: string };
  expect(body.code).toBe(ERROR_CATALOG[code].code);
  expect(body.msg.split(',')[0]).toBe(ERROR_CATALOG[code].message);
}

let sequence = 0;

/** An order written straight into the database (for queue and handling tests), paid unless told otherwise. */
export async function insertOrder(test: TestApp, overrides: Partial<NewOrder> = {}): Promise<number> {
  sequence += 1;
  const vault = createPersonalDataVault({ encryptionKey: test.config.idEncryptionKey, hashKey: test.config.idHashKey });
  const now = test.clock.now.toISOString();
  const status: OrderStatus = (overrides.status as OrderStatus | undefined) ?? ORDER_STATUS.paid;
  const processStatus: ProcessStatus = (overrides.process_status as ProcessStatus | undefined) ?? PROCESS_STATUS.pending;
  const row = await test.database.db
    .insertInto('orders')
    .values({
      public_id: `pub-${sequence}-${randomBytes(6).toString('hex')}`,
      out_trade_no: `KB2026${String(sequence).padStart(8, '0')}${String(randomBytes(3).readUIntBE(0, 3)).padStart(8, '0')}`,
      goods_id: 1,
      goods_type: 'license_year',
      goods_name: '营业执照年报代办',
      entity_name: '北京字节跳动科技有限公司',
      entity_id: '91110108551385082Q',
      entity_legal: '张一鸣',
      entity_idno_enc: vault.encrypt('11010519491231002X'),
      entity_idno_hash: vault.hash('11010519491231002X'),
      entity_phone: '13812345678',
      status,
      process_status: processStatus,
      process_status_name: PROCESS_STATUS_NAMES[processStatus],
      pay_type: 'weixin',
      pay_source: 'native',
      total_fee: 19900,
      pay_time: wasOrderPaid(status) ? now : null,
      admin_id: null,
      user_id: null,
      consent_version: '2025-07-01',
      consent_time: now,
      create_time: now,
      update_time: now,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * An order placed and paid the way a visitor does it: signed order call, then the sandbox cashier.
 * The company defaults to one insertOrder does not use (a company pays once a year per service).
 */
export async function placeAndPay(test: TestApp, overrides: Record<string, unknown> = {}): Promise<{ publicId: string; orderId: number; editKey: string }> {
  const huawei = { entity_name: '华为技术有限公司', entity_id: '914403001922038216', entity_legal: '赵明路' };
  const response = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ pay_source: 'native', ...huawei, ...overrides }) });
  expect(response.statusCode, response.body).toBe(200);
  const created = envelopeOf<CreateOrderResult>(test, response).data;
  const cashier = new URL(created.qrcodeUrl!).pathname;
  const paid = await test.app.inject({ method: 'POST', url: `${cashier}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  expect(paid.statusCode).toBe(200);
  const order = await test.database.db.selectFrom('orders').select(['id', 'status']).where('public_id', '=', created.orderId).executeTakeFirstOrThrow();
  expect(order.status).toBe(ORDER_STATUS.paid);
  return { publicId: created.orderId, orderId: order.id, editKey: created.editKey };
}

export async function auditRows(test: TestApp, action: string, targetId?: string | number) {
  let query = test.database.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (targetId !== undefined) query = query.where('target_id', '=', String(targetId));
  return query.orderBy('id').execute();
}

/** A multipart body with one file part, as a browser's FormData sends it. */
export function multipartBody(content: Buffer, filename: string, contentType: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kuaibao${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
