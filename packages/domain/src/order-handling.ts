/**
 * How staff handle a paid order (the moves themselves are in lifecycle/order.ts): when a move
 * needs a note, the 24-hour call promise (docs/product/overview.md), and what a completion screenshot may be.
 */
import { PROCESS_STATUS } from './lifecycle/order.ts';
import { validateDeclaration } from './annual-declaration.ts';

/**
 * Moves that must say why: waiting for the customer (what is missing), ending without
 * completion, and reopening a completed order.
 */
export function processMoveNeedsNote(from: string, to: string): boolean {
  return to === PROCESS_STATUS.waitingCustomer || to === PROCESS_STATUS.ended || from === PROCESS_STATUS.completed;
}

/**
 * Completing an annual report (license_year) files the customer's figures: without a complete,
 * valid declaration there is nothing to file, so the move needs the clerk's explicit confirmation
 * (e.g. the figures came by phone). Other services carry no figures.
 */
export function completionLacksDeclaration(order: { goods_type: string; entity_name: string; entity_extra: Record<string, string> | null }, to: string): boolean {
  if (to !== PROCESS_STATUS.completed || order.goods_type !== 'license_year') return false;
  if (!order.entity_extra || Object.keys(order.entity_extra).length === 0) return true;
  return !validateDeclaration(order.entity_extra, order.entity_name).ok;
}

/** The promise: a specialist phones within 24 hours of payment (the clock: first-call-sla.ts). */
export const CALL_PROMISE_MS = 24 * 3600 * 1000;

/** Completion screenshots: what the console accepts and the receipt shows. */
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
export const SCREENSHOT_MAX_PER_ORDER = 9;
export const SCREENSHOT_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
export type ScreenshotType = keyof typeof SCREENSHOT_TYPES;

/** The type of an image from its first bytes (PNG or JPEG signature); what the file claims to be does not count. */
export function sniffScreenshotType(head: Uint8Array): ScreenshotType | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((byte, i) => head[i] === byte)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return undefined;
}

/** Markup a browser would run if it ever read the file as a document (an image/HTML polyglot). */
const MARKUP_SIGNATURES = ['<html', '<script', '<svg', '<iframe', '<!doctype', '<?xml', '<body', '<object', '<embed', '<meta', 'javascript:'];

/** True when the bytes carry any of those signatures, ASCII case-insensitively, anywhere. */
export function containsMarkup(bytes: Uint8Array): boolean {
  const firsts = new Set(MARKUP_SIGNATURES.map((signature) => signature.charCodeAt(0)));
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    const lower = byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte;
    if (!firsts.has(lower)) continue;
    for (const signature of MARKUP_SIGNATURES) {
      if (i + signature.length > bytes.length) continue;
      let match = true;
      for (let j = 0; j < signature.length && match; j += 1) {
        const b = bytes[i + j]!;
        match = (b >= 0x41 && b <= 0x5a ? b + 0x20 : b) === signature.charCodeAt(j);
      }
      if (match) return true;
    }
  }
  return false;
}

/**
 * What a completion screenshot is, from its bytes: PNG or JPEG by signature, and no markup
 * anywhere in it (a PNG header in front of HTML, or HTML after IEND or in a text chunk, is refused
 * even though it is served as an inert image: decision 008, docs/security.md).
 */
export function screenshotTypeOf(bytes: Uint8Array): ScreenshotType | undefined {
  const type = sniffScreenshotType(bytes.subarray(0, 16));
  return type && !containsMarkup(bytes) ? type : undefined;
}

/**
 * The documents a customer uploads when a clerk asks for them (待客户补充, docs/decisions/062-templates-and-customer-uploads.md):
 * the screenshot's rules (size, signature, no markup anywhere) with PDF beside PNG and JPEG, and no
 * PDF that would run or open something (JavaScript, a launch action, an embedded file).
 */
export const CUSTOMER_DOCUMENT_MAX_BYTES = SCREENSHOT_MAX_BYTES;
export const CUSTOMER_DOCUMENT_MAX_PER_ORDER = 9;
export const CUSTOMER_DOCUMENT_TYPES = { ...SCREENSHOT_TYPES, 'application/pdf': 'pdf' } as const;
export type CustomerDocumentType = keyof typeof CUSTOMER_DOCUMENT_TYPES;

/** The actions that run a script, start a program or carry a file (an opening view, /OpenAction alone, is harmless). */
const PDF_ACTIVE_NAMES = ['/javascript', '/js', '/launch', '/embeddedfile'];

function pdfHasActiveContent(bytes: Uint8Array): boolean {
  // Names are ASCII in the PDF's dictionaries; latin1 keeps one character per byte.
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  const lower = text.toLowerCase();
  return PDF_ACTIVE_NAMES.some((name) => new RegExp(`${name.replace('/', '\\/')}(?![a-z])`).test(lower));
}

export function customerDocumentTypeOf(bytes: Uint8Array): CustomerDocumentType | undefined {
  const image = screenshotTypeOf(bytes);
  if (image) return image;
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
  if (bytes.length < pdf.length || !pdf.every((byte, i) => bytes[i] === byte)) return undefined;
  return containsMarkup(bytes) || pdfHasActiveContent(bytes) ? undefined : 'application/pdf';
}

/** Why an upload is refused before it is stored, by the rules of its kind; else its type by its bytes. */
export function uploadCheck<T extends string>(bytes: Uint8Array, rules: { maxBytes: number; typeOf: (bytes: Uint8Array) => T | undefined }): { ok: true; type: T } | { ok: false; refusal: 'MISSING' | 'TOO_LARGE' | 'TYPE_INVALID' } {
  if (bytes.length === 0) return { ok: false, refusal: 'MISSING' };
  if (bytes.length > rules.maxBytes) return { ok: false, refusal: 'TOO_LARGE' };
  // The bytes decide the type; a name or a declared type can lie.
  const type = rules.typeOf(bytes);
  return type ? { ok: true, type } : { ok: false, refusal: 'TYPE_INVALID' };
}

/**
 * A move repeated by the one who made it (a double click on 确定, a retry after a lost answer): the
 * order is already at the target and its last move there was theirs. Answered as done, with nothing
 * written; anyone else asking for the state the order is in is still told it cannot move there.
 */
export function isRepeatedMove(input: { current: string; to: string; lastMove: { to: string; staffId: number | null } | undefined; actorId: number }): boolean {
  return input.current === input.to && input.lastMove !== undefined && input.lastMove.to === input.to && input.lastMove.staffId === input.actorId;
}

/**
 * The key the console sends with one user action that adds a row (a call record, a note): the same
 * action sent twice (a double click) carries the same key and is stored once. A UUID or similar.
 */
export const CLIENT_KEY_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
