/**
 * GBK encoding for the fakes' bill files (Alipay's CSVs are GBK). Node decodes GBK but does not
 * encode it, so the table is built once by decoding every two-byte GBK code.
 */
let table: Map<string, number[]> | undefined;

function gbkTable(): Map<string, number[]> {
  if (table) return table;
  table = new Map();
  const decoder = new TextDecoder('gbk', { fatal: true });
  for (let lead = 0x81; lead <= 0xfe; lead += 1) {
    for (let trail = 0x40; trail <= 0xfe; trail += 1) {
      if (trail === 0x7f) continue;
      try {
        const char = decoder.decode(new Uint8Array([lead, trail]));
        if (!table.has(char)) table.set(char, [lead, trail]);
      } catch {
        // not a GBK code
      }
    }
  }
  return table;
}

export function encodeGbk(text: string): Buffer {
  const codes = gbkTable();
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else bytes.push(...(codes.get(char) ?? [0x3f]));
  }
  return Buffer.from(bytes);
}
