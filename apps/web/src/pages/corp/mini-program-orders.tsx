import type { OrderRecord } from '@kuaibao/domain';
import { useNavigate } from '../../router/router.tsx';
import { fetchCorpOrders } from '../../api/account-endpoints.ts';
import { useRequest } from '../../common/use-request.ts';
import { readString } from '../../storage.ts';
import { StatusBadge } from '../check/status-badge.tsx';
import { saveOrderForReceipt } from '../order-detail/receipt-handoff.ts';
import styles from './mini-program-orders.module.css';

/** How many of the visitor's latest applications the home shows. */
const SHOWN = 5;

/**
 * The mini-program home's query result (docs/product/screens.md, docs/product/orders-and-statuses.md): the logged-in visitor's latest applications
 * with their handling status, '2' green, '4' orange, anything else red. Hidden without a login or
 * without applications; tapping one opens its receipt.
 */
export function MiniProgramOrders() {
  const navigate = useNavigate();
  const orders: OrderRecord[] = useRequest(readString('token') ? 'orders' : null, () => fetchCorpOrders()).data?.items.slice(0, SHOWN) ?? [];

  if (orders.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="mp-orders-title" data-testid="mp-orders">
      <h2 id="mp-orders-title" className={styles.title}>
        我的办理进度
      </h2>
      <ul className={styles.list}>
        {orders.map((order) => (
          <li key={order.id}>
            <button
              type="button"
              className={styles.item}
              onClick={() => {
                saveOrderForReceipt(order);
                navigate('/orderDetail');
              }}
              data-testid="mp-order"
            >
              <span className={styles.text}>
                <span className={styles.name}>{order.entity_name}</span>
                <span className={styles.goods}>{order.goods_name}</span>
              </span>
              <StatusBadge status={order.process_status} name={order.process_status_name} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
