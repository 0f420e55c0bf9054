import { readString, writeJson } from '../storage.ts';

/**
 * The annual reports this browser paid for whose figures are still to come
 * (docs/decisions/050-separate-id-number-consent.md): the success flow adds an order once it is
 * paid and pending, filing removes it. Each holds the order's edit key (decision 012), so this
 * browser, and only it, can go back to the form from /success, /checkDetail or the receipt.
 * A separate module from storage.ts: the home route never needs it (decision 011).
 */
export interface PendingDeclaration {
  orderId: string;
  /** null for a logged-in visitor (official account, mini-program): the x-token proves the order is theirs */
  editKey: string | null;
}

/** A browser does not pay for more annual reports than this before filing them. */
const KEEP = 5;

const isPending = (value: unknown): value is PendingDeclaration =>
  typeof value === 'object' && value !== null && typeof (value as PendingDeclaration).orderId === 'string' && (value as PendingDeclaration).orderId !== '' && ((value as PendingDeclaration).editKey === null || typeof (value as PendingDeclaration).editKey === 'string');

/** Oldest first; storage can be edited, so only well-formed entries count. */
export function readPendingDeclarations(): PendingDeclaration[] {
  try {
    const value: unknown = JSON.parse(readString('pendingDeclarations') ?? '[]');
    return Array.isArray(value) ? value.filter(isPending) : [];
  } catch {
    return [];
  }
}

export function rememberPendingDeclaration(entry: PendingDeclaration): void {
  const others = readPendingDeclarations().filter((item) => item.orderId !== entry.orderId);
  // A key already held is kept when the order comes back without one (a later visit by id).
  const known = readPendingDeclarations().find((item) => item.orderId === entry.orderId);
  writeJson('pendingDeclarations', [...others, { orderId: entry.orderId, editKey: entry.editKey ?? known?.editKey ?? null }].slice(-KEEP));
}

export function forgetPendingDeclaration(orderId: string): void {
  writeJson(
    'pendingDeclarations',
    readPendingDeclarations().filter((item) => item.orderId !== orderId),
  );
}

/** This browser's entry for the order, if it is one it paid for and has not filed. */
export function pendingDeclarationOf(orderId: string): PendingDeclaration | undefined {
  return readPendingDeclarations().find((item) => item.orderId === orderId);
}

/** What /success is handed to reopen one order's form (the way back from /checkDetail and the receipt). */
export interface DeclarationLocationState {
  declarationOrderId?: string;
}
