import { FEE_LABEL, formatYuan, NOTICES, orderTexts } from '@kuaibao/domain';
import { HonestyNotice } from '../../common/honesty-notice.tsx';
import { ContactInline } from '../../common/contact-inline.tsx';
import { useServiceContact } from '../../common/service-contact.ts';
import { Button } from '../../ui/button.tsx';
import styles from './success-summary.module.css';
import type { PaidOrderState } from './use-paid-order.ts';

export function SuccessIcon({ size = 64 }: { size?: number }) {
  return (
    <svg className={styles.icon} viewBox="0 0 64 64" width={size} height={size} aria-hidden="true">
      <circle cx="32" cy="32" r="30" fill="var(--success)" />
      <path d="M19 33l9 9 17-18" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The paid message of non-annual orders (docs/product/screens.md#success): '支付成功', the agent's call within
 * 24 hours, the order's key facts and '查看办理进度' (to /check). Annual reports show the
 * declaration instead. If the order could not be fetched, it says so rather than claim success.
 */
export function SuccessSummary({ state, onViewProgress }: { state: PaidOrderState; onViewProgress: () => void }) {
  const order = state.kind === 'loaded' ? state.order : null;
  const failed = state.kind === 'failed';
  const service = useServiceContact();

  return (
    <div className={styles.summary} data-testid="success">
      {!failed && <SuccessIcon />}
      <h1 className={styles.title}>{failed ? '暂时无法获取订单信息' : NOTICES.PAYMENT_SUCCEEDED}</h1>
      {state.kind === 'loading' && <p className={styles.muted}>正在获取订单信息…</p>}
      {failed && (
        <p className={styles.line}>
          如已完成支付，可通过“查看办理进度”查询订单{service.available ? '，或联系客服：' : '。'}
          <ContactInline source="success.failed" testId="success-contact" />
        </p>
      )}
      {order && (
        <p className={styles.line} data-testid="success-text">
          {orderTexts(order.goods_type).successText}
        </p>
      )}
      {order && (
        <dl className={styles.fields}>
          <div>
            <dt>企业名称</dt>
            <dd>{order.entity_name}</dd>
          </div>
          <div>
            <dt>办理业务</dt>
            <dd>{order.goods_name}</dd>
          </div>
          <div>
            <dt>{FEE_LABEL}</dt>
            <dd>{formatYuan(order.total_fee)}</dd>
          </div>
          <div>
            <dt>订单编号</dt>
            <dd>{order.out_trade_no}</dd>
          </div>
        </dl>
      )}
      <HonestyNotice compact goodsType={order?.goods_type} />
      <Button size="lg" block onClick={onViewProgress} data-testid="view-progress">
        查看办理进度
      </Button>
    </div>
  );
}
