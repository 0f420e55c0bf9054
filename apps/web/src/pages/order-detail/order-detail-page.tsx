import { useEffect, useState } from 'react';
import { useNavigate } from '../../router/router.tsx';
import { useGoBack } from '../../common/use-go-back.ts';
import { readOrderDetail, removeSessionKey, writeString } from '../../storage.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import styles from './order-detail-page.module.css';
import { Receipt } from './receipt.tsx';

/**
 * /orderDetail (docs/product/screens.md#receipt): reads the order saved in session storage and removes it, so a
 * reload or a shared address never shows someone's receipt again. Back saves the order's phone
 * for the progress page (docs/product/orders-and-statuses.md#progress-query) and goes back.
 */
export default function OrderDetailPage() {
  const navigate = useNavigate();
  const goBack = useGoBack('/check');
  // A pure read: StrictMode may call initialisers twice; the removal waits for the effect.
  // The stored value is our own, but storage can be edited: the read returns only what looks like an order.
  const [order] = useState(() => readOrderDetail());
  useEffect(() => {
    removeSessionKey('orderDetail');
  }, []);

  const back = () => {
    if (order?.entity_phone) writeString('checkPhone', order.entity_phone);
    goBack();
  };

  return (
    <div className={styles.page} data-testid="order-detail-page">
      <PageHeader title="订单详情" onBack={back} />
      <main className={styles.main}>
        {order ? (
          <Receipt order={order} />
        ) : (
          <div className={styles.empty} data-testid="receipt-empty">
            <h2 className={styles.emptyTitle}>回执已失效</h2>
            <p>为保护您的信息，回执只显示一次。请通过办理进度查询重新查看。</p>
            <Button block onClick={() => navigate('/check', { replace: true })}>
              查询办理进度
            </Button>
          </div>
        )}
      </main>
    </div>
  );
}
