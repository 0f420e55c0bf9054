import { creditCodeCheckChar } from '@kuaibao/domain';
import { readEnv } from '@kuaibao/api/src/config.ts';
import { startFakeQichacha } from './fake-qichacha.ts';

/**
 * The fake 企查查 API on its own, for trying DIRECTORY_PROVIDER=qichacha offline:
 *
 *   FAKE_QICHACHA_PORT=3181 node packages/testing/src/qichacha/fake-qichacha-server.ts
 *
 * then start the server with the settings it prints. It knows a few companies the synthetic
 * directory does not (search 蕤蓁), one with a published 2024 annual report.
 */
function code(body9: string): string {
  const first17 = `91330100${body9}`;
  return first17 + creditCodeCheckChar(first17);
}

const fake = await startFakeQichacha({ port: Number(readEnv('FAKE_QICHACHA_PORT') ?? 3181) });
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

const shutdown = () => void fake.close().finally(() => process.exit(0));
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
