import { isWholeOrder } from '@kuaibao/domain';
import { useState } from 'react';
import { useNavigate } from '../../router/router.tsx';
import { fetchOrderDetail } from '../../api/endpoints.ts';
import { useGoBack } from '../../common/use-go-back.ts';
import { useRequest } from '../../common/use-request.ts';
import { ownOrderKey, phoneToken } from '../../own-orders.ts';
import { readOrderDetail, removeSessionKey, writeString } from '../../storage.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import styles from './order-detail-page.module.css';
import { Receipt } from './receipt.tsx';

/**
 * /orderDetail (docs/product/screens.md#receipt): the order handed over in session storage names
 * which receipt to show; the server shows it again, fresh, to whoever proves it: this device placed
 * the order (its key) or verified the phone by SMS code (its token), so a reload shows it again to
 * them and to nobody else (docs/decisions/049-phone-lookup-masked-until-proven.md). Without that
 * proof the handed-over order is removed and the receipt is gone. Back saves the order's phone for
 * the progress page (docs/product/orders-and-statuses.md#progress-query) and goes back.
 */
export default function OrderDetailPage() {
  const navigate = useNavigate();
  const goBack = useGoBack('/check');
  // The stored value is our own, but storage can be edited: the read returns only what looks like an order.
  const [stored] = useState(() => readOrderDetail());
  const proof = stored ? { key: ownOrderKey(stored.id), phoneToken: phoneToken(stored.entity_phone) } : null;
  const fetched = useRequest(stored && (proof?.key || proof?.phoneToken) ? stored.id : null, (signal) => fetchOrderDetail(stored!.id, { quiet: true, signal, ...proof }), {
    onData: (answer) => {
      if (!isWholeOrder(answer)) removeSessionKey('orderDetail');
    },
    onError: () => removeSessionKey('orderDetail'),
  });
  const order = fetched.data && isWholeOrder(fetched.data) ? fetched.data : null;
  const gone = !stored || !(proof?.key || proof?.phoneToken) || fetched.error !== undefined || (fetched.data !== undefined && !order);

  const back = () => {
    if (stored?.entity_phone) writeString('checkPhone', stored.entity_phone);
    goBack();
  };

  return (
    <div className={styles.page} data-testid="order-detail-page">
      <PageHeader title="订单详情" onBack={back} />
      <main className={styles.main}>
        {order ? (
          <Receipt order={order} />
        ) : gone ? (
          <div className={styles.empty} data-testid="receipt-empty">
            <h2 className={styles.emptyTitle}>回执已失效</h2>
            <p>为保护您的信息，回执只在下单的设备上或验证手机号后显示。请通过办理进度查询重新查看。</p>
            <Button block onClick={() => navigate('/check', { replace: true })}>
              查询办理进度
            </Button>
          </div>
        ) : (
          <p className={styles.empty} role="status" data-testid="receipt-loading">
            加载中...
          </p>
        )}
      </main>
    </div>
  );
}
