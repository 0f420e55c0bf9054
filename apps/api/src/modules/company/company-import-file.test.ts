import { describe, expect, it } from 'vitest';
import { MAX_RECORD_CHARS, readCompanyFile } from './company-import-file.ts';
import type { ImportEncoding, ImportFormat } from './company-import-file.ts';

/** Feeds `bytes` in chunks of `size` bytes (1 splits every multi-byte character). */
async function* chunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

async function readAll(bytes: Uint8Array, format: ImportFormat, opts: { encoding?: ImportEncoding; chunk?: number; skipThroughLine?: number } = {}) {
  const out = [];
  for await (const item of readCompanyFile(chunks(bytes, opts.chunk ?? 1 << 16), {
    format,
    encoding: opts.encoding ?? 'utf8',
    ...(opts.skipThroughLine === undefined ? {} : { skipThroughLine: opts.skipThroughLine }),
  })) {
    out.push(item);
  }
  return out;
}

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('CSV', () => {
  const text =
    '\uFEFF企业名称,统一社会信用代码,法定代表人,注册资本,成立日期\r\n' +
    '"北京某某, ""科技"" 有限公司",91110108551385082Q,张一鸣,100万,2012-03-09\r\n' +
    '"两行\n名称公司",914403001922038216,赵明路,,\r\n' +
    '\r\n' +
    '简单公司,9144030071526726XG,马化腾,,1998-11-11\n';

  it('reads RFC 4180 quoting, a BOM, CRLF, Chinese headers and unknown columns, whatever the chunking', async () => {
    for (const chunk of [1, 7, 1 << 16]) {
      const items = await readAll(utf8(text), 'csv', { chunk });
      expect(items).toEqual([
        { kind: 'header', header: { ok: true } },
        {
          kind: 'row',
          line: 2,
          raw: '"北京某某, ""科技"" 有限公司",91110108551385082Q,张一鸣,100万,2012-03-09',
          fields: { name: '北京某某, "科技" 有限公司', credit_code: '91110108551385082Q', oper_name: '张一鸣', established: '2012-03-09' },
        },
        {
          kind: 'row',
          line: 4,
          raw: '"两行\n名称公司",914403001922038216,赵明路,,',
          fields: { name: '两行\n名称公司', credit_code: '914403001922038216', oper_name: '赵明路', established: '' },
        },
        {
          kind: 'row',
          line: 6,
          raw: '简单公司,9144030071526726XG,马化腾,,1998-11-11',
          fields: { name: '简单公司', credit_code: '9144030071526726XG', oper_name: '马化腾', established: '1998-11-11' },
        },
      ]);
    }
  });

  it('reads GBK', async () => {
    // 企业名称,统一社会信用代码,法定代表人\n华为技术有限公司,914403001922038216,赵明路\n in GBK
    const gbk = Uint8Array.from(
      Buffer.from(
        'c6f3d2b5c3fbb3c62ccdb3d2bbc9e7bbe1d0c5d3c3b4fac2eb2cb7a8b6a8b4fab1edc8cb0abbaaceaabcbccaf5d3d0cfdeb9abcbbe2c3931343430333030313932323033383231362cd5d4c3f7c2b70a',
        'hex',
      ),
    );
    const items = await readAll(gbk, 'csv', { encoding: 'gbk', chunk: 3 });
    expect(items[1]).toMatchObject({ kind: 'row', fields: { name: '华为技术有限公司', credit_code: '914403001922038216', oper_name: '赵明路' } });
  });

  it('reports a row with the wrong number of columns and an unclosed quote, and goes on', async () => {
    const items = await readAll(utf8('name,credit_code,oper_name\na,b\nc,d,e\n"f,g,h\ni,j,k\n'), 'csv');
    expect(items.map((i) => i.kind)).toEqual(['header', 'malformed', 'row', 'malformed']);
    expect(items[1]).toMatchObject({ line: 2, raw: 'a,b', detail: '该行有 2 列，表头有 3 列' });
    expect(items[3]).toMatchObject({ kind: 'malformed', raw: '"f,g,h\ni,j,k', detail: 'CSV 格式错误：引号未闭合' });
  });

  it('stops at a record longer than MAX_RECORD_CHARS (an unclosed quote) instead of buffering the rest of the file', async () => {
    const rest = 'x,y,z\n'.repeat(Math.ceil(MAX_RECORD_CHARS / 6) + 10);
    const items = await readAll(utf8(`name,credit_code,oper_name\na,b,c\n"d,e,f\n${rest}`), 'csv');
    expect(items.map((i) => i.kind)).toEqual(['header', 'row', 'unreadable']);
    expect(items[2]).toMatchObject({ detail: expect.stringContaining('多半是引号未闭合') as unknown });
  });

  it('refuses a header without the required columns, and an empty file', async () => {
    expect((await readAll(utf8('企业名称,地址\nx,y\n'), 'csv'))[0]).toEqual({
      kind: 'header',
      header: { ok: false, missing: ['credit_code', 'oper_name'], duplicated: [] },
    });
    expect(await readAll(utf8(''), 'csv')).toEqual([{ kind: 'header', header: { ok: false, missing: ['name', 'credit_code', 'oper_name'], duplicated: [] } }]);
  });

  it('skips the records a resumed import has done, still reading the header', async () => {
    const items = await readAll(utf8(text), 'csv', { skipThroughLine: 4 });
    expect(items.map((i) => (i.kind === 'header' ? 'header' : i.line))).toEqual(['header', 6]);
  });
});

describe('JSON Lines', () => {
  it('maps English and Chinese keys, and reports lines that are not JSON objects', async () => {
    const text =
      '{"name":"华为技术有限公司","credit_code":"914403001922038216","legal_person":"赵明路","status":"存续"}\r\n' +
      '{"企业名称":"简单公司","统一社会信用代码":"9144030071526726XG","法定代表人":"马化腾","other":1}\n' +
      '\n' +
      '{"name": "断了\n' +
      '[1,2]\n' +
      '{"name":"末行无换行","credit_code":"x","oper_name":"y"}';
    const items = await readAll(utf8(text), 'jsonl', { chunk: 5 });
    expect(items).toEqual([
      { kind: 'header', header: { ok: true } },
      {
        kind: 'row',
        line: 1,
        raw: '{"name":"华为技术有限公司","credit_code":"914403001922038216","legal_person":"赵明路","status":"存续"}',
        fields: { name: '华为技术有限公司', credit_code: '914403001922038216', oper_name: '赵明路', status: '存续' },
      },
      {
        kind: 'row',
        line: 2,
        raw: '{"企业名称":"简单公司","统一社会信用代码":"9144030071526726XG","法定代表人":"马化腾","other":1}',
        fields: { name: '简单公司', credit_code: '9144030071526726XG', oper_name: '马化腾' },
      },
      { kind: 'malformed', line: 4, raw: '{"name": "断了', detail: expect.stringContaining('不是合法的 JSON') as unknown },
      { kind: 'malformed', line: 5, raw: '[1,2]', detail: '每行应是一个 JSON 对象' },
      { kind: 'row', line: 6, raw: '{"name":"末行无换行","credit_code":"x","oper_name":"y"}', fields: { name: '末行无换行', credit_code: 'x', oper_name: 'y' } },
    ]);
  });

  it('reports a line longer than MAX_RECORD_CHARS without buffering it, and reads on', async () => {
    const long = `{"name":"${'长'.repeat(MAX_RECORD_CHARS + 100)}"}`;
    const items = await readAll(utf8(`{"name":"a"}\n${long}\n{"name":"b"}\n${long}`), 'jsonl', { chunk: 4096 });
    expect(items.map((i) => (i.kind === 'header' ? 'header' : `${i.kind}:${String(i.line)}`))).toEqual(['header', 'row:1', 'malformed:2', 'row:3', 'malformed:4']);
    expect(items[2]).toMatchObject({ detail: `该行超过 ${String(MAX_RECORD_CHARS)} 个字符` });
    expect(items[2]!.kind === 'malformed' && items[2]!.raw.length).toBeLessThan(300);
  });

  it('tolerates a BOM and skips done lines on resume', async () => {
    const items = await readAll(utf8('\uFEFF{"name":"a"}\n{"name":"b"}\n'), 'jsonl', { skipThroughLine: 1 });
    expect(items).toEqual([
      { kind: 'header', header: { ok: true } },
      { kind: 'row', line: 2, raw: '{"name":"b"}', fields: { name: 'b' } },
    ]);
  });
});
