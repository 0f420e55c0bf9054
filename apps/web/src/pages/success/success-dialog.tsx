import type { OrderRecord } from '@kuaibao/domain';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../ui/modal.tsx';
import { SuccessSummary } from './success-summary.tsx';
import { usePaidOrder } from './use-paid-order.ts';

/** Desktop success state: over the home page, from the pay dialog or the /success route. */
export default function SuccessDialog({ order, onClose }: { order: OrderRecord | null; onClose: () => void }) {
  const state = usePaidOrder(order);
  const navigate = useNavigate();
  useEffect(() => {
    if (state.kind === 'none') {
      onClose();
      navigate('/', { replace: true });
    }
  }, [state.kind, onClose, navigate]);
  const close = () => {
    onClose();
    navigate('/', { replace: true });
  };
  return (
    <Dialog open={state.kind !== 'none'} onClose={close} ariaLabel="支付成功" size="md" testId="success-dialog">
      <SuccessSummary state={state} />
    </Dialog>
  );
}
