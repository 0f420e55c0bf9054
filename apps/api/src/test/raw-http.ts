import { connect } from 'node:net';

export interface RawAnswer {
  /** 0 when the server closed without a status line */
  status: number;
  /** everything before the blank line, status line included */
  head: string;
  body: string;
}

/**
 * Writes bytes to a listening server exactly as given (absolute-form targets, raw non-ASCII bytes,
 * bad percent-encoding, unfinished bodies: what fetch and inject cannot send) and reads until the
 * server closes. Latin-1 both ways keeps every byte as written.
 */
export function rawHttp(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const split = text.indexOf('\r\n\r\n');
      const decode = (part: string) => Buffer.from(part, 'latin1').toString('utf8');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        head: decode(split === -1 ? text : text.slice(0, split)),
        body: decode(split === -1 ? '' : text.slice(split + 4)),
      });
    });
    socket.write(Buffer.from(request, 'latin1'));
  });
}
