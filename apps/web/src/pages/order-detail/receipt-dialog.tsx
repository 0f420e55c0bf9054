import { orderTexts, type OrderRecord } from '@kuaibao/domain';
import { Dialog } from '../../ui/modal.tsx';
import { Receipt } from './receipt.tsx';

/** The receipt on desktop (docs/product/screens.md#receipt): opened after filing and from the progress lookup's 'details'. */
export function ReceiptDialog({ order, open, onClose }: { order: OrderRecord | null; open: boolean; onClose: () => void }) {
  if (!order) return null;
  return (
    <Dialog open={open} onClose={onClose} title={orderTexts(order.goods_type).receiptTitle} size="md" testId="receipt-dialog">
      <Receipt order={order} showTitle={false} />
    </Dialog>
  );
}

export default ReceiptDialog;
