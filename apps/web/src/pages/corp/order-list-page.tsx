import { formatShanghaiDateTime, ORDER_LIST_TABS, visibleOrderListTabs, type OrderRecord } from '@kuaibao/domain';
import { useRef, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from '../../router/router.tsx';
import { fetchCorpOrders } from '../../api/account-endpoints.ts';
import { StatusBadge } from '../check/status-badge.tsx';
import { useGoBack } from '../../common/use-go-back.ts';
import { useRequest } from '../../common/use-request.ts';
import { useSiteData } from '../../site-data.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import styles from './order-list-page.module.css';
import { isSessionError, reauthorizeOnSessionError } from './session.ts';

/**
 * ?tab=0..3 when that tab is shown; anything else is the first shown tab (docs/product/screens.md
 * "/order: tabs by goods type, the first by default"). Returns the tab number, not a position.
 */
export function tabIndex(value: string | null, shown: readonly { tab: number }[] = ORDER_LIST_TABS): number {
  const index = Number(value);
  return shown.find((item) => item.tab === index)?.tab ?? shown[0]?.tab ?? 0;
}

type ListState = { kind: 'loading' } | { kind: 'loaded'; items: OrderRecord[] } | { kind: 'failed' };

/**
 * /order (docs/product/screens.md#account): the logged-in visitor's applications, one tab per goods type. Each item
 * shows the company, legal person, submit time and the handling status; tapping opens /orderDetail?id=.
 */
export default function OrderListPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const goBack = useGoBack('/my');
  // Only the services that have goods here; a tab without a service is never shown.
  const tabs = visibleOrderListTabs(useSiteData().goods.map((item) => item.goods_type));
  const active = tabIndex(params.get('tab'), tabs);
  const goodsType = ORDER_LIST_TABS[active]!.goodsType;
  // Licence registration has no service yet: nothing to ask for.
  const list = useRequest(goodsType ?? null, () => fetchCorpOrders(goodsType ?? undefined), { onError: reauthorizeOnSessionError });
  // A session error leaves for the authorization page: the list shows 'loading' until then.
  const state: ListState = !goodsType
    ? { kind: 'loaded', items: [] }
    : list.data
      ? { kind: 'loaded', items: list.data.items }
      : list.error !== undefined && !isSessionError(list.error)
        ? { kind: 'failed' }
        : { kind: 'loading' };
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => setParams({ tab: String(index) }, { replace: true });
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const position = tabs.findIndex((item) => item.tab === active);
    const next = (position + step + tabs.length) % tabs.length;
    select(tabs[next]!.tab);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className={styles.page} data-testid="order-list-page">
      <PageHeader title="我的申请" onBack={goBack} />
      <div className={styles.tabs} role="tablist" aria-label="申请类型" onKeyDown={onKey}>
        {tabs.map((item, index) => (
          <button
            key={item.tab}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`order-tab-${item.tab}`}
            aria-selected={item.tab === active}
            aria-controls="order-tab-panel"
            tabIndex={item.tab === active ? 0 : -1}
            className={`${styles.tab} ${item.tab === active ? styles.activeTab : ''}`}
            onClick={() => select(item.tab)}
            data-testid={`order-tab-${item.tab}`}
          >
            {item.label}
          </button>
        ))}
      </div>
      <main id="order-tab-panel" role="tabpanel" aria-labelledby={`order-tab-${active}`} className={styles.panel}>
        {state.kind === 'loading' && (
          <p className={styles.empty} role="status">
            加载中...
          </p>
        )}
        {state.kind === 'failed' && (
          <div className={styles.empty} role="alert">
            <p>暂时无法加载，请稍后再试</p>
            <button type="button" className={styles.retry} onClick={list.refetch}>
              重新加载
            </button>
          </div>
        )}
        {state.kind === 'loaded' && state.items.length === 0 && (
          <p className={styles.empty} data-testid="order-empty">
            暂无内容
          </p>
        )}
        {state.kind === 'loaded' && state.items.length > 0 && (
          <ul className={styles.list}>
            {state.items.map((order) => (
              <li key={order.id}>
                <button type="button" className={styles.item} onClick={() => navigate(`/orderDetail?id=${encodeURIComponent(order.id)}`)} data-testid="order-item">
                  <span className={styles.itemHead}>
                    <span className={styles.entity} data-testid="order-item-name">
                      {order.entity_name}
                    </span>
                    <StatusBadge status={order.process_status} name={order.status_name} />
                  </span>
                  <span className={styles.meta}>法定代表人：{order.entity_legal || '—'}</span>
                  <span className={styles.meta}>提交时间：{formatShanghaiDateTime(order.create_time)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
