import { formatYuan, goodsTexts, isGoodsType, NOTICES, type OrderRecord } from '@kuaibao/domain';
import { useNavigate } from 'react-router';
import { HonestyNotice } from '../../shared/honesty-notice.tsx';
import { Button } from '../../ui/button.tsx';
import styles from './success-summary.module.css';
import type { PaidOrderState } from './use-paid-order.ts';

/**
 * '支付成功', the 24-hour call and the goods' success text (spec §2 "Success"), with the order's
 * key facts and a way to follow progress. Annual reports get their declaration form in a later step;
 * until then they show the call promise only, never a "filed" text before anything was filed.
 */
export function SuccessSummary({ state }: { state: PaidOrderState }) {
  const navigate = useNavigate();
  const order: OrderRecord | null = state.kind === 'loaded' ? state.order : null;
  const texts = order && isGoodsType(order.goods_type) ? goodsTexts(order.goods_type) : null;
  const lines = texts ? (order?.goods_type === 'license_year' ? [texts.infoBlock.lines[0] ?? ''] : [texts.successText]) : [];

  return (
    <div className={styles.summary} data-testid="success">
      <svg className={styles.icon} viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="var(--success)" />
        <path d="M19 33l9 9 17-18" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 className={styles.title}>{NOTICES.PAYMENT_SUCCEEDED}</h1>
      {state.kind === 'loading' && <p className={styles.muted}>正在获取订单信息…</p>}
      {lines.map((line) => (
        <p key={line} className={styles.line} data-testid="success-text">
          {line}
        </p>
      ))}
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
            <dt>支付金额</dt>
            <dd>{formatYuan(order.total_fee)}</dd>
          </div>
          <div>
            <dt>订单编号</dt>
            <dd>{order.out_trade_no}</dd>
          </div>
        </dl>
      )}
      <HonestyNotice compact />
      <Button size="lg" block onClick={() => navigate('/check')} data-testid="view-progress">
        查看办理进度
      </Button>
    </div>
  );
}
