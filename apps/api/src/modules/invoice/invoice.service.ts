import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  AppError,
  INVOICE_FILE_MAX_BYTES,
  INVOICE_STATUS_NAMES,
  INVOICE_TYPE_NAMES,
  invoiceAmountFen,
  invoiceCorrectionRefusal,
  invoicePrefill,
  invoiceRequestRefusal,
  isInvoiceCorrectable,
  isInvoiceIssuable,
  isRedLetterAllowed,
  refundNeedsRedLetter,
  sniffInvoiceFile,
  validateInvoiceRequest,
  type ConsoleInvoice,
  type InvoiceForm,
  type InvoiceRequest,
  type InvoiceStatus,
  type InvoiceType,
  type InvoiceView,
  type VisitorInvoice,
} from '@kuaibao/domain';
import { enqueueOutbox } from '../../db/outbox.ts';
import type { Database, InvoiceRow } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { InvoicingProvider } from '../../providers/invoicing/index.ts';
import type { StorageProvider, StoredObject } from '../../providers/storage/index.ts';
import type { PersonalDataVault } from '../../security/personal-data.ts';
import { writeAudit } from '../audit/index.ts';
import type { findOrderForInvoice } from '../order/index.ts';
import type { Actor } from '../staff/index.ts';
import { invoiceRepository, type InvoiceListQuery, type InvoiceListRow } from './invoice.repository.ts';
import { proveOrder } from './order-proof.ts';

/** How the visitor proves the order theirs: as /checkDetail does (decision 049). */
export interface InvoiceProof {
  id: string;
  key?: string | undefined;
  phone_token?: string | undefined;
  /** the logged-in WeChat visitor (corp, mini-program) */
  userId?: number | undefined;
}

export interface InvoiceService {
  /** The visitor's view: the order's invoice, or what the form starts from. */
  view(proof: InvoiceProof): Promise<InvoiceView>;
  request(proof: InvoiceProof, form: InvoiceForm): Promise<InvoiceView>;
  correct(proof: InvoiceProof, form: InvoiceForm): Promise<InvoiceView>;
  /** The issued file by its signed link; undefined when the link is wrong or the invoice cancelled. */
  file(id: number, signature: string): Promise<(StoredObject & { name: string }) | undefined>;
  // ---- staff ----
  list(query: InvoiceListQuery): Promise<{ items: ConsoleInvoice[]; total: number; page: number; page_size: number }>;
  forOrder(orderId: number): Promise<ConsoleInvoice | null>;
  /** `manual`: records the file the clerk issued in their own tax software, and tells the customer. */
  issueWithFile(actor: Actor, id: number, body: Buffer): Promise<ConsoleInvoice>;
  /** A platform (诺诺) asked to issue it: → issuing, its result fetched by `pollPlatform` (docs/decisions/064-nuonuo-invoicing.md). */
  issueViaPlatform(actor: Actor, id: number): Promise<ConsoleInvoice>;
  /** The same for several, each on its own: one refusal does not stop the others. */
  issueMany(actor: Actor, ids: number[]): Promise<Array<{ id: number; ok: boolean; status: InvoiceStatus | null; error: string | null; message: string }>>;
  /** One round of the results job: what the platform issued, refused or red-lettered since. */
  pollPlatform(limit?: number): Promise<PlatformRound>;
  requestRedLetter(actor: Actor, id: number): Promise<ConsoleInvoice>;
  recordRedLetter(actor: Actor, id: number, body: Buffer | undefined): Promise<ConsoleInvoice>;
  staffFile(id: number): Promise<(StoredObject & { name: string }) | undefined>;
  revenueSplit(window: { since?: string | undefined; until?: string | undefined }): Promise<{ invoicedFen: number; notInvoicedFen: number }>;
}

/** What a round of the results job did (jobs/invoice-results.ts). */
export interface PlatformRound {
  issued: number;
  failed: number;
  pending: number;
  resubmitted: number;
  redIssued: number;
  errors: number;
}

/** Our number for a platform request: the invoice and a random tail, new each time it is issued again (≤ 20 characters, the platform's limit). */
function platformOrderNo(id: number): string {
  return `KB${id}T${randomBytes(3).toString('hex').toUpperCase()}`;
}
/** The red-letter invoice's number: the blue one's with R (the platform issues the red one under it). */
export function redOrderNo(blueOrderNo: string): string {
  return `${blueOrderNo}R`;
}

/**
 * Refused while the order's invoice stands (issued, or its 红冲 asked for but not recorded): the
 * refund approval calls this in its own transaction (docs/decisions/060-invoices.md).
 */
export async function assertRefundInvoiceCleared(db: Kysely<Database> | Parameters<typeof invoiceRepository.findByOrderId>[0], orderId: number): Promise<void> {
  const invoice = await invoiceRepository.findByOrderId(db, orderId);
  if (refundNeedsRedLetter(invoice ? { status: invoice.status as InvoiceStatus } : null)) throw new AppError('CONSOLE_INVOICE_RED_LETTER_REQUIRED');
}

/** The issued file's link: signed over the invoice and its file, so a replaced file's old link stops working. */
export function invoiceFilePath(vault: PersonalDataVault, invoice: Pick<InvoiceRow, 'id' | 'file_key'>): string {
  return `/invoice-file/${invoice.id}/${vault.capability('invoice.file', `${invoice.id}\n${invoice.file_key ?? ''}`)}`;
}

/** While the invoice stands, its file may be fetched; after the 红冲 it is cancelled. */
const FILE_VISIBLE: InvoiceStatus[] = ['issued', 'red_requested'];

export function createInvoiceService(deps: { db: Kysely<Database>; now: () => Date; vault: PersonalDataVault; storage: StorageProvider; invoicing: InvoicingProvider; publicBaseUrl: string | undefined; log?: { error(obj: object, msg: string): void } }): InvoiceService {
  const { db, now, vault, storage } = deps;
  const link = (invoice: Pick<InvoiceRow, 'id' | 'file_key'>) => `${deps.publicBaseUrl ?? ''}${invoiceFilePath(vault, invoice)}`;

  /** The order, proven the visitor's; an unknown id and another's order get the same answer. */
  const provenOrder = (proof: InvoiceProof) => proveOrder({ db, vault, now: now() }, proof);

  /** What the buyer asked for, as the form has it. */
  const buyerOf = (row: InvoiceRow): InvoiceRequest => ({
    type: row.type as InvoiceType,
    title: row.title,
    tax_number: row.tax_number,
    email: row.email,
    buyer_address: row.buyer_address,
    buyer_phone: row.buyer_phone,
    buyer_bank: row.buyer_bank,
    buyer_account: row.buyer_account,
  });

  const toVisitor = (row: InvoiceRow): VisitorInvoice => {
    const status = row.status as InvoiceStatus;
    return {
      ...buyerOf(row),
      type_name: INVOICE_TYPE_NAMES[row.type as InvoiceType] ?? row.type,
      status,
      status_name: INVOICE_STATUS_NAMES[status],
      amount_fen: row.amount_fen,
      correctable: isInvoiceCorrectable(status),
      created_at: row.created_at,
      issued_at: row.issued_at,
      download_url: FILE_VISIBLE.includes(status) && row.file_key ? link(row) : null,
    };
  };

  const viewOf = async (order: NonNullable<Awaited<ReturnType<typeof findOrderForInvoice>>>): Promise<InvoiceView> => {
    const invoice = await invoiceRepository.findByOrderId(db, order.id);
    const refusal = invoice ? null : (invoiceRequestRefusal(order, null) ?? null);
    return { id: order.public_id, amount_fen: invoiceAmountFen(order), refusal, prefill: invoicePrefill(order), invoice: invoice ? toVisitor(invoice) : null };
  };

  const checked = (form: InvoiceForm) => {
    const result = validateInvoiceRequest(form);
    if (!result.ok) throw new AppError(result.error, result.field);
    return result.value;
  };

  const toConsole = (row: InvoiceListRow): ConsoleInvoice => {
    const status = row.status as InvoiceStatus;
    return {
      id: row.id,
      order_id: row.order_id,
      out_trade_no: row.out_trade_no,
      entity_name: row.entity_name,
      goods_name: row.goods_name,
      type: row.type,
      type_name: INVOICE_TYPE_NAMES[row.type as InvoiceType] ?? row.type,
      title: row.title,
      tax_number: row.tax_number,
      email: row.email,
      buyer_address: row.buyer_address,
      buyer_phone: row.buyer_phone,
      buyer_bank: row.buyer_bank,
      buyer_account: row.buyer_account,
      status,
      status_name: INVOICE_STATUS_NAMES[status],
      amount_fen: row.amount_fen,
      provider: row.provider,
      provider_serial: row.provider_serial,
      file_kind: row.file_kind,
      has_file: row.file_key !== null,
      issued_by_name: row.issued_by_name,
      created_at: row.created_at,
      issued_at: row.issued_at,
      red_requested_at: row.red_requested_at,
      red_issued_at: row.red_issued_at,
      fail_reason: row.fail_reason,
      invoice_number: row.invoice_number,
      platform_issuable: deps.invoicing.id !== 'manual' && isInvoiceIssuable(status),
    };
  };

  const listRow = async (id: number): Promise<ConsoleInvoice> => {
    const row = await invoiceRepository.findListRow(db, id);
    if (!row) throw new AppError('CONSOLE_INVOICE_NOT_FOUND');
    return toConsole(row);
  };

  /** Checks the bytes (PDF or OFD, by content) and stores them under a random key. */
  const storeFile = async (body: Buffer): Promise<{ key: string; kind: string }> => {
    if (body.length === 0) throw new AppError('CONSOLE_INVOICE_FILE_MISSING');
    if (body.length > INVOICE_FILE_MAX_BYTES) throw new AppError('CONSOLE_INVOICE_FILE_TOO_LARGE');
    const kind = sniffInvoiceFile(body);
    if (!kind) throw new AppError('CONSOLE_INVOICE_FILE_TYPE_INVALID');
    const key = `${randomBytes(16).toString('hex')}.${kind}`;
    await storage.put({ key, body, contentType: kind === 'pdf' ? 'application/pdf' : 'application/ofd' });
    return { key, kind };
  };

  const fileOf = async (row: InvoiceRow | undefined, key: string | null | undefined) => {
    if (!row || !key) return undefined;
    const object = await storage.get(key);
    return object ? { ...object, name: `发票-${row.id}.${key.endsWith('.ofd') ? 'ofd' : 'pdf'}` } : undefined;
  };

  /** Whether the configured platform issued it (a manual upload's red letter stays manual). */
  const byPlatform = (row: InvoiceRow) => deps.invoicing.id !== 'manual' && row.provider === deps.invoicing.id && row.provider_order_no !== '' && row.invoice_number !== '';

  /**
   * Issued, with its file: the one place that marks it so and tells the customer, for the clerk's
   * upload and the platform's result alike. The notices leave with the change or not at all (the
   * outbox, decision 008's machinery). False when the invoice was no longer in a `from` status.
   */
  const recordIssued = async (input: { before: InvoiceRow; from: InvoiceStatus[]; fileKey: string; fileKind: string; serial: string; invoiceNumber: string; staffName: string; actor: Actor | null }): Promise<boolean> => {
    const { before } = input;
    const at = now();
    return db.transaction().execute(async (trx) => {
      if (!(await invoiceRepository.markIssued(trx, { id: before.id, fileKey: input.fileKey, fileKind: input.fileKind, serial: input.serial, invoiceNumber: input.invoiceNumber, staffName: input.staffName, at: at.toISOString(), from: input.from }))) return false;
      const url = link({ id: before.id, file_key: input.fileKey });
      await enqueueOutbox(trx, 'sms.invoice_issued', { orderId: before.order_id, link: url }, at.toISOString());
      await enqueueOutbox(trx, 'email.invoice_issued', { invoiceId: before.id, orderId: before.order_id, link: url }, at.toISOString());
      await writeAudit(trx, input.actor, { action: 'invoice.issue', targetType: 'invoice', targetId: before.id, before: { status: before.status }, after: { status: 'issued', file: input.fileKind, ...(input.invoiceNumber ? { number: input.invoiceNumber } : {}) } }, at);
      return true;
    });
  };

  /** Asks the platform to issue one invoice; answers the status it is left in. */
  const issueOne = async (actor: Actor, id: number): Promise<InvoiceStatus> => {
    if (deps.invoicing.id === 'manual') throw new AppError('CONSOLE_INVOICE_UPLOAD_REQUIRED');
    const before = await invoiceRepository.findListRow(db, id);
    if (!before) throw new AppError('CONSOLE_INVOICE_NOT_FOUND');
    if (!isInvoiceIssuable(before.status as InvoiceStatus)) throw new AppError('CONSOLE_INVOICE_NOT_ISSUABLE');
    // An order refunded meanwhile is not invoiced (the visitor's request was checked when it was made).
    if (before.order_status !== '2') throw new AppError('CONSOLE_INVOICE_NOT_ISSUABLE', '订单不是已支付状态');
    const orderNo = platformOrderNo(id);
    const at = now();
    await db.transaction().execute(async (trx) => {
      if (!(await invoiceRepository.markIssuing(trx, { id, orderNo, provider: deps.invoicing.id, staffName: actor.displayName, at: at.toISOString() }))) throw new AppError('CONSOLE_INVOICE_NOT_ISSUABLE');
      await writeAudit(trx, actor, { action: 'invoice.platform_issue', targetType: 'invoice', targetId: id, before: { status: before.status }, after: { status: 'issuing', order_no: orderNo } }, at);
    });
    return submit({ ...before, provider_order_no: orderNo, issued_by_name: actor.displayName }, before.goods_name);
  };

  /** Sends the request (again, after a lost one: the platform knows it by its number). */
  const submit = async (row: InvoiceRow, itemName: string): Promise<InvoiceStatus> => {
    const answer = await deps.invoicing.issue({ requestNo: row.provider_order_no, buyer: buyerOf(row), amountFen: row.amount_fen, itemName: itemName || '代办服务', clerk: row.issued_by_name });
    if (answer.kind === 'submitted') {
      if (answer.serial) await invoiceRepository.note(db, { id: row.id, at: now().toISOString(), serial: answer.serial });
      return 'issuing';
    }
    if (answer.kind === 'failed' && !answer.retryable) {
      await invoiceRepository.move(db, { id: row.id, from: 'issuing', to: 'failed', at: now().toISOString(), failReason: answer.message });
      return 'failed';
    }
    // Not reached (a timeout, a 5xx): still issuing; the next round asks by its number and sends it again if unknown.
    if (answer.kind === 'failed') await invoiceRepository.note(db, { id: row.id, at: now().toISOString(), failReason: answer.message });
    return 'issuing';
  };

  /** The platform's file, checked and stored like an upload; undefined when it could not be had this round. */
  const fetchFile = async (url: string): Promise<{ key: string; kind: string } | { refused: string } | undefined> => {
    const file = await deps.invoicing.download(url);
    if (file.kind === 'failed') return file.retryable ? undefined : { refused: file.message };
    try {
      return await storeFile(file.body);
    } catch (error) {
      if (error instanceof AppError) return { refused: `平台返回的发票文件无法使用：${error.message}` };
      throw error;
    }
  };

  const pollIssuing = async (row: InvoiceRow, round: PlatformRound) => {
    const answer = await deps.invoicing.result({ requestNo: row.provider_order_no });
    const at = () => now().toISOString();
    switch (answer.kind) {
      case 'manual':
      case 'pending':
        round.pending += 1;
        return;
      case 'unknown': {
        const order = await invoiceRepository.findListRow(db, row.id);
        round.resubmitted += 1;
        if ((await submit(row, order?.goods_name ?? '')) === 'failed') round.failed += 1;
        return;
      }
      case 'failed':
        if (answer.retryable) {
          round.pending += 1;
          return;
        }
        if (await invoiceRepository.move(db, { id: row.id, from: 'issuing', to: 'failed', at: at(), failReason: answer.message })) round.failed += 1;
        return;
      case 'issued': {
        const stored = await fetchFile(answer.pdfUrl);
        if (!stored) {
          round.pending += 1;
          return;
        }
        if ('refused' in stored) {
          // Issued by the platform but its file unusable: staff see why, and may upload the file themselves.
          await invoiceRepository.note(db, { id: row.id, at: at(), failReason: stored.refused });
          round.errors += 1;
          return;
        }
        const issued = await recordIssued({ before: row, from: ['issuing'], fileKey: stored.key, fileKind: stored.kind, serial: answer.serial || row.provider_serial, invoiceNumber: answer.invoiceNumber, staffName: row.issued_by_name, actor: null });
        if (issued) round.issued += 1;
        else await storage.delete(stored.key);
        return;
      }
    }
  };

  const pollRedLetter = async (row: InvoiceRow, round: PlatformRound) => {
    const answer = await deps.invoicing.result({ requestNo: redOrderNo(row.provider_order_no) });
    if (answer.kind === 'failed' && !answer.retryable) {
      await invoiceRepository.note(db, { id: row.id, at: now().toISOString(), failReason: answer.message });
      round.errors += 1;
      return;
    }
    if (answer.kind !== 'issued') {
      // Pending, or the 红字确认单 awaits the buyer's confirmation: asked again next round.
      round.pending += 1;
      return;
    }
    const stored = await fetchFile(answer.pdfUrl);
    if (!stored || 'refused' in stored) {
      round.pending += 1;
      return;
    }
    const at = now();
    const moved = await db.transaction().execute(async (trx) => {
      if (!(await invoiceRepository.move(trx, { id: row.id, from: 'red_requested', to: 'red_issued', at: at.toISOString(), redFileKey: stored.key, failReason: '' }))) return false;
      await writeAudit(trx, null, { action: 'invoice.red_issue', targetType: 'invoice', targetId: row.id, before: { status: row.status }, after: { status: 'red_issued', number: answer.invoiceNumber } }, at);
      return true;
    });
    if (moved) round.redIssued += 1;
    else await storage.delete(stored.key);
  };

  return {
    async view(proof) {
      return viewOf(await provenOrder(proof));
    },

    async request(proof, form) {
      const order = await provenOrder(proof);
      const value = checked(form);
      const at = now().toISOString();
      try {
        await db.transaction().execute(async (trx) => {
          const existing = await invoiceRepository.findByOrderId(trx, order.id);
          const refusal = invoiceRequestRefusal(order, existing ? { status: existing.status as InvoiceStatus } : null);
          if (refusal) throw new AppError(refusal);
          await invoiceRepository.insert(trx, { orderId: order.id, request: value, amountFen: invoiceAmountFen(order), provider: deps.invoicing.id, at });
        });
      } catch (error) {
        // Two requests at once: the unique order_id keeps one, the other is told it is a second.
        if (isUniqueViolation(error)) throw new AppError('INVOICE_ALREADY_REQUESTED');
        throw error;
      }
      return viewOf(order);
    },

    async correct(proof, form) {
      const order = await provenOrder(proof);
      const value = checked(form);
      const invoice = await invoiceRepository.findByOrderId(db, order.id);
      if (!invoice) throw new AppError('INVOICE_NOT_FOUND');
      const refusal = invoiceCorrectionRefusal(order, { status: invoice.status as InvoiceStatus });
      if (refusal) throw new AppError(refusal);
      // Guarded by the status: a clerk who issued it a moment ago wins.
      if (!(await invoiceRepository.correct(db, { id: invoice.id, request: value, at: now().toISOString() }))) throw new AppError('INVOICE_NOT_EDITABLE');
      return viewOf(order);
    },

    async file(id, signature) {
      const row = await invoiceRepository.findById(db, id);
      if (!row || !row.file_key || !FILE_VISIBLE.includes(row.status as InvoiceStatus)) return undefined;
      if (!vault.checkCapability('invoice.file', `${row.id}\n${row.file_key}`, signature)) return undefined;
      return fileOf(row, row.file_key);
    },

    async list(query) {
      const { rows, total } = await invoiceRepository.list(db, query);
      return { items: rows.map(toConsole), total, page: query.page, page_size: query.page_size };
    },

    async forOrder(orderId) {
      const row = await invoiceRepository.findByOrderId(db, orderId);
      return row ? listRow(row.id) : null;
    },

    async issueWithFile(actor, id, body) {
      const before = await invoiceRepository.findById(db, id);
      if (!before) throw new AppError('CONSOLE_INVOICE_NOT_FOUND');
      if (!isInvoiceIssuable(before.status as InvoiceStatus)) throw new AppError('CONSOLE_INVOICE_NOT_ISSUABLE');
      const { key, kind } = await storeFile(body);
      if (!(await recordIssued({ before, from: ['requested', 'failed'], fileKey: key, fileKind: kind, serial: '', invoiceNumber: '', staffName: actor.displayName, actor }))) {
        await storage.delete(key);
        throw new AppError('CONSOLE_INVOICE_NOT_ISSUABLE');
      }
      return listRow(id);
    },

    async issueViaPlatform(actor, id) {
      await issueOne(actor, id);
      return listRow(id);
    },

    async issueMany(actor, ids) {
      if (ids.length === 0) throw new AppError('CONSOLE_INVOICE_BULK_EMPTY');
      const results = [];
      // One after the other: the platform is asked once per invoice, and one refusal stops nothing.
      for (const id of [...new Set(ids)]) {
        try {
          const status = await issueOne(actor, id);
          const row = await invoiceRepository.findById(db, id);
          results.push({ id, ok: status !== 'failed', status, error: null, message: row?.fail_reason ?? '' });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ id, ok: false, status: null, error: error.errorCode, message: error.message });
        }
      }
      return results;
    },

    async pollPlatform(limit = 50) {
      const round: PlatformRound = { issued: 0, failed: 0, pending: 0, resubmitted: 0, redIssued: 0, errors: 0 };
      if (deps.invoicing.id === 'manual') return round;
      for (const row of await invoiceRepository.awaitingPlatform(db, deps.invoicing.id, limit)) {
        try {
          if (row.status === 'issuing') await pollIssuing(row, round);
          else await pollRedLetter(row, round);
        } catch (error) {
          // One invoice's trouble (storage, a lost connection) leaves the others to this round.
          round.errors += 1;
          deps.log?.error({ invoiceId: row.id, err: error }, 'invoice result round: one invoice failed');
        }
      }
      return round;
    },

    async requestRedLetter(actor, id) {
      const before = await invoiceRepository.findById(db, id);
      if (!before) throw new AppError('CONSOLE_INVOICE_NOT_FOUND');
      if (!isRedLetterAllowed(before.status as InvoiceStatus)) throw new AppError('CONSOLE_INVOICE_RED_LETTER_NOT_ALLOWED');
      const at = now();
      await db.transaction().execute(async (trx) => {
        if (!(await invoiceRepository.move(trx, { id, from: 'issued', to: 'red_requested', at: at.toISOString(), failReason: '' }))) throw new AppError('CONSOLE_INVOICE_RED_LETTER_NOT_ALLOWED');
        await writeAudit(trx, actor, { action: 'invoice.red_request', targetType: 'invoice', targetId: id, before: { status: before.status }, after: { status: 'red_requested' } }, at);
      });
      // Issued by the platform: the 红冲 is asked of it too (the move first, so two clerks ask once).
      if (byPlatform(before)) {
        const answer = await deps.invoicing.redLetter({ requestNo: before.provider_order_no, redRequestNo: redOrderNo(before.provider_order_no), invoiceNumber: before.invoice_number, buyer: buyerOf(before), amountFen: before.amount_fen });
        if (answer.kind === 'failed') {
          await invoiceRepository.move(db, { id, from: 'red_requested', to: 'issued', at: now().toISOString(), failReason: answer.message });
          throw new AppError(answer.retryable ? 'CONSOLE_INVOICE_PROVIDER_UNAVAILABLE' : 'CONSOLE_INVOICE_RED_LETTER_REFUSED', answer.message);
        }
        if (answer.kind === 'submitted') await invoiceRepository.note(db, { id, at: now().toISOString(), redSerial: answer.serial || redOrderNo(before.provider_order_no) });
      }
      return listRow(id);
    },

    async recordRedLetter(actor, id, body) {
      const before = await invoiceRepository.findById(db, id);
      if (!before) throw new AppError('CONSOLE_INVOICE_NOT_FOUND');
      if (before.status !== 'red_requested') throw new AppError('CONSOLE_INVOICE_RED_LETTER_NOT_REQUESTED');
      const stored = body && body.length > 0 ? await storeFile(body) : null;
      const at = now();
      const moved = await db.transaction().execute(async (trx) => {
        if (!(await invoiceRepository.move(trx, { id, from: 'red_requested', to: 'red_issued', at: at.toISOString(), redFileKey: stored?.key ?? null }))) return false;
        await writeAudit(trx, actor, { action: 'invoice.red_issue', targetType: 'invoice', targetId: id, before: { status: before.status }, after: { status: 'red_issued' } }, at);
        return true;
      });
      if (!moved) {
        if (stored) await storage.delete(stored.key);
        throw new AppError('CONSOLE_INVOICE_RED_LETTER_NOT_REQUESTED');
      }
      return listRow(id);
    },

    async staffFile(id) {
      const row = await invoiceRepository.findById(db, id);
      return fileOf(row, row?.file_key);
    },

    revenueSplit(window) {
      return invoiceRepository.revenueSplit(db, window);
    },
  };
}

/** What the email outbox reads of an invoice: the address, the company and the amount. */
export async function findInvoiceForEmail(db: Kysely<Database>, invoiceId: number): Promise<{ email: string; title: string; amountFen: number; orderId: number } | undefined> {
  const row = await invoiceRepository.findById(db, invoiceId);
  return row ? { email: row.email, title: row.title, amountFen: row.amount_fen, orderId: row.order_id } : undefined;
}
