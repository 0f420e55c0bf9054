import PdfKitDocument from 'pdfkit';
import type { Kysely } from 'kysely';
import { AppError, formatShanghaiDateTime, type OrderAuthorization } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import { orderRepository } from './order.repository.ts';

/**
 * The authorisation a visitor confirmed for a licence cancellation, as staff read and print it
 * (docs/decisions/035-cancellation-authorisation.md). The text is the one recorded with the order,
 * never rebuilt: the print says what the visitor confirmed.
 */
export interface OrderAuthorizations {
  find(orderId: number): Promise<OrderAuthorization | null>;
  /** A4 PDF of the recorded text with the confirmation (name, time, address, version); AppError when there is none. */
  pdf(order: { id: number; out_trade_no: string }): Promise<Buffer>;
}

/** `fontFile`: a TTF, OTF or TTC with Chinese glyphs (AUTHORIZATION_PDF_FONT); its WenQuanYi face is picked in a TTC. */
export function createOrderAuthorizations(deps: { db: Kysely<Database>; fontFile: string }): OrderAuthorizations {
  const find = async (orderId: number): Promise<OrderAuthorization | null> => {
    const row = await orderRepository.findAuthorization(deps.db, orderId);
    if (!row) return null;
    return { template_version: row.template_version, text: row.text, signer_name: row.signer_name, agent_name: row.agent_name, confirmed_at: row.confirmed_at, client_ip: row.client_ip };
  };
  return {
    find,
    async pdf(order) {
      const authorization = await find(order.id);
      if (!authorization) throw new AppError('CONSOLE_AUTHORIZATION_NOT_FOUND');
      return renderAuthorizationPdf(authorization, order.out_trade_no, deps.fontFile);
    },
  };
}

function renderAuthorizationPdf(authorization: OrderAuthorization, orderNumber: string, fontFile: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PdfKitDocument({ size: 'A4', margin: 64, info: { Title: `授权委托书 ${orderNumber}`, Subject: authorization.template_version } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      // A TTC holds several faces: pdfkit needs the one to use by its PostScript name.
      if (fontFile.toLowerCase().endsWith('.ttc')) doc.font(fontFile, 'WenQuanYiMicroHei');
      else doc.font(fontFile);
    } catch (error) {
      reject(new AppError('INTERNAL', `authorization PDF font ${fontFile} unusable`, { cause: error }));
      return;
    }
    const [title = '授权委托书', ...lines] = authorization.text.split('\n');
    doc.fontSize(20).text(title, { align: 'center' });
    doc.moveDown(1.2);
    doc.fontSize(11.5);
    for (const line of lines) {
      doc.text(line, { lineGap: 4, paragraphGap: 6 });
    }
    doc.moveDown(1.5);
    doc.fontSize(12).text('委托人确认', { underline: false });
    doc.moveDown(0.4);
    doc.fontSize(11.5);
    for (const line of [
      `法定代表人在线签署：${authorization.signer_name}`,
      `确认时间（北京时间）：${formatShanghaiDateTime(authorization.confirmed_at)}`,
      `确认时的网络地址：${authorization.client_ip}`,
      `订单号：${orderNumber}`,
      `文本版本：${authorization.template_version}`,
    ]) {
      doc.text(line, { lineGap: 4 });
    }
    doc.moveDown(1.5);
    doc.fontSize(9.5).fillColor('#555555').text('本文件由平台根据订单记录生成，记录客户在线确认的授权内容；法定代表人身份须由受托人另行核验。', { lineGap: 3 });
    doc.end();
  });
}
