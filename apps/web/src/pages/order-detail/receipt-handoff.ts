import type { OrderRecord } from '@kuaibao/domain';
import { writeSessionJson } from '../../storage.ts';

/**
 * Hands an order to /orderDetail (docs/product/screens.md#receipt: the page reads the order saved in session
 * storage, then removes it). Call it, then navigate('/orderDetail'). Kept apart from the receipt
 * component so a caller does not load the receipt's chunk to link to it.
 */
export function saveOrderForReceipt(order: OrderRecord): void {
  writeSessionJson('orderDetail', order);
}
