import { inflateRawSync } from 'node:zlib';

/**
 * The files in a zip archive, read through its central directory (so entries written with a data
 * descriptor, sizes after the data, read as well). Stored and deflated entries only, which is what
 * Alipay's bill archives use. Names not flagged UTF-8 are read as GBK, as Chinese Windows tools write them.
 */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const UTF8_NAME_FLAG = 0x0800;

export class ZipFormatError extends Error {}

export function readZipEntries(zip: Buffer): ZipEntry[] {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i -= 1) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipFormatError('not a zip archive');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n += 1) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== CENTRAL_HEADER) throw new ZipFormatError('broken central directory');
    const flags = zip.readUInt16LE(offset + 8);
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localOffset = zip.readUInt32LE(offset + 42);
    const nameBytes = zip.subarray(offset + 46, offset + 46 + nameLength);
    const name = new TextDecoder(flags & UTF8_NAME_FLAG ? 'utf-8' : 'gbk').decode(nameBytes);
    offset += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localOffset) !== LOCAL_HEADER) throw new ZipFormatError(`broken entry ${name}`);
    const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) entries.push({ name, data: Buffer.from(raw) });
    else if (method === 8) entries.push({ name, data: inflateRawSync(raw) });
    else throw new ZipFormatError(`entry ${name}: compression method ${method}`);
  }
  return entries;
}
