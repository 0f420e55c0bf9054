import { lazy, Suspense, useId, type ReactNode } from 'react';
import {
  AGENT_NAME_MISSING,
  FEE_LABEL,
  representativeLabel,
  formatShanghaiDateTime,
  formatYuan,
  goodsTexts,
  operatorFooter,
  isCompletionVisible,
  orderTexts,
  processStatusClass,
  RECEIPT_QUANTITY,
  STATUS_COLORS,
  toCapitalAmount,
  type OrderRecord,
} from '@kuaibao/domain';
import { HonestyNotice } from '../../common/honesty-notice.tsx';
import { useSiteData } from '../../site-data.tsx';
import { DeclarationPending } from '../../common/declaration-pending.tsx';
import { ownOrderKey, phoneToken } from '../../own-orders.ts';
import styles from './receipt.module.css';
import stampAccepted from './stamp-accepted.svg';
import stampCompleted from './stamp-completed.svg';

/** Capital numerals throw on a negative or fractional amount; a receipt then shows a dash, never a crash. */
function capitalAmount(fen: number): string {
  try {
    return toCapitalAmount(fen);
  } catch {
    return '—';
  }
}

// 申请发票 on the receipt (docs/decisions/060-invoices.md): its own chunk, shown once the server accepts the proof.
const InvoiceCard = lazy(() => import('../invoice/invoice-card.tsx'));

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/**
 * The receipt slip of one order (docs/product/screens.md#receipt): title by goods type, the order's facts with
 * the amount in figures and in capital numerals, the agent's stamp ('办理完成' only at process
 * status '2'), how to check the result on the official system, and at status '2' the completion
 * screenshots. Used by /orderDetail and by the desktop ReceiptDialog.
 */
export function Receipt({ order, showTitle = true }: { order: OrderRecord; showTitle?: boolean }) {
  const texts = { ...goodsTexts(order.goods_type), ...orderTexts(order.goods_type) };
  const completed = isCompletionVisible(order.process_status);
  const screenshots = completed ? order.files.filter((file) => file.url) : [];
  const paidAt = formatShanghaiDateTime(order.pay_time);
  const statusColor = STATUS_COLORS[processStatusClass(order.process_status)];
  const id = useId();
  // The issuer is the operator the footer, the agreement and the authorisation name (decision 047).
  const operator = operatorFooter(useSiteData().config);

  return (
    <article className={styles.receipt} data-testid="receipt" data-goods-type={order.goods_type}>
      <div className={styles.slip}>
        {showTitle && (
          <h2 className={styles.title} data-testid="receipt-title">
            {texts.receiptTitle}
          </h2>
        )}
        <p className={styles.number}>
          订单编号 <span data-testid="receipt-order-number">{order.out_trade_no}</span>
        </p>
        <dl className={styles.fields}>
          <Row label="主体名称" testId="receipt-entity-name">
            {order.entity_name}
          </Row>
          <Row label={representativeLabel(order.entity_id)} testId="receipt-legal">
            {order.entity_legal || '—'}
          </Row>
          <Row label="统一社会信用代码" testId="receipt-credit-code">
            {order.entity_id}
          </Row>
          <Row label="受理时间" testId="receipt-accepted-time">
            {paidAt}
          </Row>
          <Row label="申报内容" testId="receipt-content">
            {order.goods_name || texts.shortName}
          </Row>
          <Row label="数量" testId="receipt-quantity">
            {RECEIPT_QUANTITY}
          </Row>
          <Row label={FEE_LABEL} testId="receipt-amount">
            {formatYuan(order.total_fee)}
          </Row>
          <Row label={`${FEE_LABEL}（大写）`} testId="receipt-amount-capital">
            {capitalAmount(order.total_fee)}
          </Row>
          {order.refund_text ? (
            <Row label="退款" testId="receipt-refund">
              {order.refund_text}
            </Row>
          ) : null}
          <Row label="支付时间" testId="receipt-pay-time">
            {paidAt}
          </Row>
          <Row label="办理状态" testId="receipt-status">
            <span className={styles.status}>
              <span className={styles.dot} style={{ background: statusColor }} aria-hidden="true" />
              {order.process_status_name}
            </span>
          </Row>
        </dl>
        <div className={styles.issuer}>
          <p data-testid="receipt-issuer">出具方：{operator.operatorName || AGENT_NAME_MISSING}</p>
          {operator.creditCode && <p className={styles.issuerNote}>统一社会信用代码：{operator.creditCode}</p>}
          <p className={styles.issuerNote}>第三方代办服务机构，非政府部门</p>
          <img
            className={styles.stamp}
            src={completed ? stampCompleted : stampAccepted}
            alt={completed ? '办理完成章' : '代办受理章'}
            width={104}
            height={104}
            data-testid="receipt-stamp"
            data-stamp={completed ? 'completed' : 'accepted'}
          />
        </div>
      </div>

      {/* The figures are still to come: the receipt says so and leads the paying browser back to the form (decision 050). */}
      <DeclarationPending order={order} />

      {/* The proof this device holds: the order's key, the phone's SMS-code token, or the owner's login (sent by the client). */}
      <Suspense fallback={null}>
        <InvoiceCard proof={{ id: order.id, key: ownOrderKey(order.id), phoneToken: order.entity_phone ? phoneToken(order.entity_phone) : null }} />
      </Suspense>

      <section className={styles.section} aria-labelledby={`${id}-remarks`} data-testid="receipt-remarks">
        <h3 id={`${id}-remarks`} className={styles.heading}>
          备注
        </h3>
        <ul className={styles.remarks}>
          {texts.remarks.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      {screenshots.length > 0 && (
        <section className={styles.section} aria-labelledby={`${id}-shots`} data-testid="receipt-screenshots">
          <h3 id={`${id}-shots`} className={styles.heading}>
            完成截图
          </h3>
          <ul className={styles.shots}>
            {screenshots.map((file, index) => (
              <li key={`${index}-${file.url}`}>
                <a href={file.url} target="_blank" rel="noopener noreferrer" aria-label={`查看完成截图 ${index + 1} 原图`}>
                  <img src={file.url} alt={`完成截图 ${index + 1}`} loading="lazy" data-testid="receipt-screenshot" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <HonestyNotice compact goodsType={order.goods_type} />
    </article>
  );
}
