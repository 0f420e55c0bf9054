import type { Kysely } from 'kysely';
import {
  AppError,
  CUSTOMER_DOCUMENT_MAX_BYTES,
  CUSTOMER_DOCUMENT_MAX_PER_ORDER,
  CUSTOMER_DOCUMENT_TYPES,
  PROCESS_STATUS,
  customerDocumentTypeOf,
  isOrderPaid,
  type CustomerDocument,
} from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { PersonalDataVault } from '../../security/personal-data.ts';
import { checkPhoneToken } from '../../security/phone-token.ts';
import { checkedUploadType, storeThenRecord } from './checked-upload.ts';
import { customerFilesRepository as customerFiles } from './customer-files.repository.ts';
import { orderRepository } from './order.repository.ts';

/** The catalog's refusal for each problem of a customer's file. */
const CUSTOMER_REFUSALS = { MISSING: 'CUSTOMER_UPLOAD_MISSING', TOO_LARGE: 'CUSTOMER_UPLOAD_TOO_LARGE', TYPE_INVALID: 'CUSTOMER_UPLOAD_TYPE_INVALID' } as const;

/**
 * The documents a customer uploads on /checkDetail when a clerk asked for them (待客户补充,
 * docs/decisions/062-templates-and-customer-uploads.md). The right to add a file to an order is the
 * verified phone's token for the order's phone (decision 049's SMS code), never the order's id:
 * anyone who learned an order number must not put files on it. The bytes pass the screenshot's
 * checks (checked-upload.ts), with PDF allowed.
 */
export interface CustomerDocumentsService {
  /** The proof and the order's state, checked before the body is read (a stranger's 5 MB is not read at all). */
  assertMayUpload(publicId: string, phoneToken: string | undefined): Promise<void>;
  upload(input: { publicId: string; phoneToken: string | undefined; body: Buffer; filename: string }): Promise<CustomerDocument>;
}

/** What is kept of the name the browser sent: its last path part, printable, at most 100 characters. */
function cleanFilename(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return Array.from(last.replace(/[\u0000-\u001f\u007f]/g, '').trim()).slice(0, 100).join('');
}

export function createCustomerDocumentsService(deps: { db: Kysely<Database>; now: () => Date; vault: PersonalDataVault; storage: StorageProvider }): CustomerDocumentsService {
  const { db, now, vault, storage } = deps;
  const waiting = (current: { status: string; process_status: string }) => isOrderPaid(current.status) && current.process_status === PROCESS_STATUS.waitingCustomer;

  async function provenOrder(publicId: string, phoneToken: string | undefined) {
    const order = await orderRepository.findByPublicId(db, publicId);
    // An unknown order and an unproven phone answer alike: the answer does not tell which ids exist.
    if (!order || !order.entity_phone || !checkPhoneToken(vault, order.entity_phone, phoneToken, now())) throw new AppError('CUSTOMER_UPLOAD_NOT_VERIFIED');
    if (!waiting(order)) throw new AppError('CUSTOMER_UPLOAD_NOT_REQUESTED');
    return order;
  }

  return {
    async assertMayUpload(publicId, phoneToken) {
      await provenOrder(publicId, phoneToken);
    },

    async upload({ publicId, phoneToken, body, filename }) {
      const order = await provenOrder(publicId, phoneToken);
      const type = checkedUploadType(body, { maxBytes: CUSTOMER_DOCUMENT_MAX_BYTES, typeOf: customerDocumentTypeOf }, CUSTOMER_REFUSALS);
      if ((await customerFiles.count(db, order.id)) >= CUSTOMER_DOCUMENT_MAX_PER_ORDER) throw new AppError('CUSTOMER_UPLOAD_LIMIT');

      const at = now().toISOString();
      const name = cleanFilename(filename) || `资料.${CUSTOMER_DOCUMENT_TYPES[type]}`;
      return storeThenRecord(storage, { body, type, extension: CUSTOMER_DOCUMENT_TYPES[type] }, (key) =>
        db.transaction().execute(async (trx) => {
          // Read again in the transaction: the clerk may have moved the order on meanwhile.
          const current = await orderRepository.findById(trx, order.id);
          if (!current || !waiting(current)) throw new AppError('CUSTOMER_UPLOAD_NOT_REQUESTED');
          if ((await customerFiles.count(trx, order.id)) >= CUSTOMER_DOCUMENT_MAX_PER_ORDER) throw new AppError('CUSTOMER_UPLOAD_LIMIT');
          const row = await customerFiles.insert(trx, { orderId: order.id, url: `/uploads/${key}`, storageKey: key, contentType: type, bytes: body.length, filename: name, at });
          return { ...row, id: Number(row.id) };
        }),
      );
    },
  };
}
