import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { creditCodeCheckChar } from '@kuaibao/domain';
import { startFakeQichacha, type FakeQichachaFailure } from '@kuaibao/testing';
import { readEnv } from '../config.ts';

/**
 * The fake 企查查 API on its own, for trying DIRECTORY_PROVIDER=qichacha offline:
 *
 *   FAKE_QICHACHA_PORT=3181 node apps/api/src/test/fake-qichacha-server.ts
 *
 * (FAKE_QICHACHA_KEY and FAKE_QICHACHA_SECRET_KEY replace the fake's default key pair.)
 *
 * then start the server with the settings it prints. It knows a few companies the synthetic
 * directory does not (search 蕤蓁), one with a published 2024 annual report.
 *
 * With FAKE_QICHACHA_CONTROL_PORT, a second listener on 127.0.0.1 lets a test in another process
 * (e2e/directory.config.ts) see and steer the fake: `GET /requests` (every call received),
 * `POST /fail` with a FakeQichachaFailure as JSON, `POST /clear`.
 */
function code(body9: string): string {
  const first17 = `91330100${body9}`;
  return first17 + creditCodeCheckChar(first17);
}

const fake = await startFakeQichacha({
  port: Number(readEnv('FAKE_QICHACHA_PORT') ?? 3181),
  ...(readEnv('FAKE_QICHACHA_KEY') ? { key: readEnv('FAKE_QICHACHA_KEY') } : {}),
  ...(readEnv('FAKE_QICHACHA_SECRET_KEY') ? { secretKey: readEnv('FAKE_QICHACHA_SECRET_KEY') } : {}),
});
fake.addCompanies(
  { KeyNo: 'fake-yunfan', Name: '杭州蕤蓁云帆科技有限公司', CreditCode: code('QC0000001'), OperName: '李云帆', Status: '存续', StartDate: '2019-05-06', Address: '杭州市西湖区' },
  { KeyNo: 'fake-xinghe', Name: '杭州蕤蓁星河贸易有限公司', CreditCode: code('QC0000002'), OperName: '王星河', Status: '存续', StartDate: '2021-09-01', Address: '杭州市滨江区' },
  { KeyNo: 'fake-mingyue', Name: '蕤蓁明月餐饮管理有限公司', CreditCode: code('QC0000003'), OperName: '赵明月', Status: '注销', StartDate: '2015-02-11', Address: '杭州市上城区' },
);
fake.setAnnualReports('fake-yunfan', [{ No: '1', Year: '2024', Remarks: '', HasDetailInfo: true, PublishDate: '2025-03-18' }]);
console.log(`fake 企查查: ${fake.url}`);
console.log(
  Object.entries(fake.env())
    .map(([name, value]) => `${name}=${value}`)
    .join(' '),
);

const controlPort = readEnv('FAKE_QICHACHA_CONTROL_PORT');
const control = controlPort
  ? createServer((req, res) => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.method === 'GET' && req.url === '/requests') return answer(200, fake.requests);
        if (req.method === 'POST' && req.url === '/clear') {
          fake.clearFailure();
          return answer(200, { ok: true });
        }
        if (req.method === 'POST' && req.url === '/fail') {
          try {
            fake.failWith(JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeQichachaFailure);
            return answer(200, { ok: true });
          } catch {
            return answer(400, { error: 'body must be a FakeQichachaFailure as JSON' });
          }
        }
        return answer(404, { error: 'not found' });
      });
    })
  : undefined;
if (control) {
  await new Promise<void>((resolve) => control.listen(Number(controlPort), '127.0.0.1', resolve));
  console.log(`fake 企查查 control: http://127.0.0.1:${(control.address() as AddressInfo).port}`);
}

const shutdown = () => {
  control?.close();
  void fake.close().finally(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
