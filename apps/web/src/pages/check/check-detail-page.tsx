import {
  creditRecordLabel,
  FEE_LABEL,
  representativeLabel,
  errorMessage,
  formatShanghaiDateTime,
  formatYuan,
  isGoodsType,
  orderTexts,
  REDIRECT_DELAY_MS,
  type FullLookupOrder,
  type LookupOrder,
  type MaskedOrder,
} from '@kuaibao/domain';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from '../../router/router.tsx';
import { track } from '../../api/index.ts';
import { NeverAskNotice } from '../../common/honesty-notice.tsx';
import { PAY_TYPE_LABELS } from '../../payment/pay-types.ts';
import { useGoBack } from '../../common/use-go-back.ts';
import { useRequest } from '../../common/use-request.ts';
import { readString, removeKey } from '../../storage.ts';
import { ownOrderKey, phoneToken } from '../../own-orders.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { toast } from '../../ui/toast.tsx';
import { saveOrderForReceipt } from '../order-detail/receipt-handoff.ts';
import type { CheckLocationState } from './check-page.tsx';
import styles from './check-page.module.css';
import { ContactAgent } from './contact-agent.tsx';
import { CustomerUpload } from './customer-upload.tsx';
import { DeletionRequest } from './deletion-request.tsx';
import { lookupOrders } from './lookup.ts';
import { PhoneVerify } from './phone-verify.tsx';
import { RequestContact } from './request-contact.tsx';
import { StatusBadge } from './status-badge.tsx';
import { DeclarationPending } from '../../common/declaration-pending.tsx';

// 申请发票 (decision 060): its own chunk, loaded once an order is shown whole.
const InvoiceCard = lazy(() => import('../invoice/invoice-card.tsx'));
const ReminderConsent = lazy(() => import('../reminder/reminder-consent.tsx'));

/** Which of the phone's orders the page shows, kept in the entry's history state so the receipt's 返回 comes back to it. */
interface CheckDetailLocationState {
  orderNo?: string;
}

/** An order's place in the list: its number when whole; a masked one has none to show (decision 049). */
const choiceKey = (order: LookupOrder, index: number) => (order.access === 'full' ? order.out_trade_no : `masked-${index}`);

/**
 * /checkDetail (docs/product/screens.md#progress-lookup, docs/product/orders-and-statuses.md): looks up the saved phone (and removes it), shows
 * the latest order with the info block of its service, and lists every order of the phone so each
 * one and its receipt can be reached; 'no record' or a failure returns to /check after 1 s, with the
 * number still in the input.
 */
export default function CheckDetailPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const selectedNo = (location.state as CheckDetailLocationState | null)?.orderNo;
  const top = useRef<HTMLDivElement>(null);
  const goBack = useGoBack('/check');
  // A pure read at mount; the key is removed in the effect (StrictMode runs initialisers twice).
  const [phone] = useState(() => readString('checkPhone') ?? '');
  useEffect(() => {
    if (phone) removeKey('checkPhone');
  }, [phone]);
  // Bumped after the SMS code: the same phone is looked up again, now with its token.
  const [verifiedAt, setVerifiedAt] = useState(0);
  const { data: outcome } = useRequest(phone ? `${phone}:${verifiedAt}` : null, () => lookupOrders(phone), {
    onData: (answer) => {
      if (answer.kind === 'found') track('checkDetail.found', String(answer.orders.length));
      else if (answer.kind === 'empty') {
        track('checkDetail.empty', '');
        toast.info(errorMessage('NO_RECORD'));
      } else {
        track('checkDetail.failed', answer.text, 'error');
        toast.error(answer.text);
      }
    },
  });
  const leaving = !!outcome && outcome.kind !== 'found';
  // 'No record' or a failure returns to /check after the message, with the number still in the input.
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => navigate('/check', { replace: true, state: { phone } satisfies CheckLocationState }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [leaving, phone, navigate]);

  if (!phone) return <Navigate to="/check" replace />;

  const select = (order: LookupOrder, key: string) => {
    track('checkDetail.select', order.goods_type, 'click');
    navigate('/checkDetail', { replace: true, state: { orderNo: key } satisfies CheckDetailLocationState });
    top.current?.scrollIntoView?.({ block: 'start' });
  };

  const openReceipt = ({ access: _whole, ...order }: FullLookupOrder) => {
    track('checkDetail.receipt', order.goods_type, 'click');
    saveOrderForReceipt(order);
    navigate('/orderDetail');
  };

  const orders = outcome?.kind === 'found' ? outcome.orders : [];
  const shownIndex = Math.max(0, orders.findIndex((order, index) => choiceKey(order, index) === selectedNo));
  const shown = orders[shownIndex];
  // Some orders are masked: the phone is not verified here and this device did not place them.
  const masked = orders.some((order) => order.access === 'masked');

  return (
    <div ref={top} className={styles.page} data-testid="check-detail">
      <PageHeader title="办理进度" onBack={goBack} />
      <main className={styles.main} aria-busy={outcome?.kind !== 'found'}>
        {shown ? (
          <>
            {shown.access === 'full' ? (
              <OrderProgress order={shown} count={orders.length} onReceipt={() => openReceipt(shown)} phone={phone} onVerified={() => setVerifiedAt(Date.now())} verifyBelow={masked} />
            ) : (
              <MaskedProgress order={shown} count={orders.length} verify={<PhoneVerify phone={phone} source="checkDetail" onVerified={() => setVerifiedAt(Date.now())} />} />
            )}
            {masked && shown.access === 'full' && (
              <section className={styles.card} data-testid="verify-card">
                <PhoneVerify phone={phone} source="checkDetail" onVerified={() => setVerifiedAt(Date.now())} />
              </section>
            )}
            {orders.length > 1 && <OrderChooser orders={orders} shownKey={choiceKey(shown, shownIndex)} onSelect={select} />}
            <DeletionRequest phone={phone} onDone={() => navigate('/check', { replace: true })} />
          </>
        ) : (
          <p className={styles.pending}>{leaving ? '正在返回查询页…' : '正在查询…'}</p>
        )}
      </main>
    </div>
  );
}

function OrderProgress({ order, count, onReceipt, phone, onVerified, verifyBelow }: { order: FullLookupOrder; count: number; onReceipt: () => void; phone: string; onVerified: () => void; verifyBelow: boolean }) {
  const info = isGoodsType(order.goods_type) ? orderTexts(order.goods_type).infoBlock : null;
  const facts: [string, string, string?][] = [
    [representativeLabel(order.entity_id), order.entity_legal || '—'],
    ['联系电话', order.entity_phone || '—'],
    ['下单时间', formatShanghaiDateTime(order.create_time)],
    ['订单编号', order.out_trade_no, 'order-no'],
    ['支付方式', PAY_TYPE_LABELS[order.pay_type] ?? order.pay_type],
    [FEE_LABEL, formatYuan(order.total_fee), 'order-amount'],
    // 信用修复: the record the visitor chose to repair.
    ...(order.credit_record ? ([['修复记录', creditRecordLabel(order.credit_record), 'order-credit-record']] as [string, string, string][]) : []),
    // A refunded order: what came back and, for a partial refund, why (decision 057).
    ...(order.refund_text ? ([['退款', order.refund_text, 'order-refund']] as [string, string, string][]) : []),
  ];
  return (
    <>
      <section className={styles.card} aria-labelledby="order-company" data-testid="order-progress">
        <div className={styles.orderHead}>
          <div className={styles.orderTitle}>
            <p className={styles.goods}>{order.goods_name}</p>
            <h2 id="order-company" className={styles.company} data-testid="order-company">
              {order.entity_name}
            </h2>
          </div>
          <StatusBadge status={order.process_status} name={order.process_status_name} />
        </div>
        <dl className={styles.facts}>
          {facts.map(([label, value, testId]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd data-testid={testId}>{value}</dd>
            </div>
          ))}
        </dl>
        {count > 1 && <p className={styles.more}>该手机号共有 {count} 笔订单，可在下方列表中切换查看。</p>}
      </section>

      {/* An annual report paid for without its figures: say so, and lead this browser back to the form (decision 050). */}
      <DeclarationPending order={order} />

      {order.customer_request && (
        // 待客户补充: what the specialist asked for (decision 043), above everything else the visitor reads.
        <section className={`${styles.card} ${styles.request}`} role="status" aria-labelledby="customer-request-title" data-testid="customer-request">
          <h3 id="customer-request-title" className={styles.infoTitle}>
            需要您补充的资料
          </h3>
          <p className={styles.requestText}>{order.customer_request}</p>
          <RequestContact />
          {/* The asked documents, uploaded here after the SMS code (docs/decisions/062-templates-and-customer-uploads.md). */}
          <CustomerUpload orderId={order.id} phone={phone} onVerified={onVerified} verifyBelow={verifyBelow} />
        </section>
      )}

      {info && (
        <section className={styles.card} aria-labelledby="order-info-title" data-testid="order-info">
          <h3 id="order-info-title" className={styles.infoTitle}>
            {info.title}
          </h3>
          <ul className={styles.infoList}>
            {info.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}

      {/* What this device holds of the order's proof: its key (it placed it) or the phone's token (the SMS code). */}
      <Suspense fallback={null}>
        <InvoiceCard proof={{ id: order.id, key: ownOrderKey(order.id), phoneToken: order.entity_phone ? phoneToken(order.entity_phone) : null }} />
        <ReminderConsent proof={{ id: order.id, key: ownOrderKey(order.id), phoneToken: order.entity_phone ? phoneToken(order.entity_phone) : null }} />
      </Suspense>

      <div className={styles.actions}>
        <Button size="lg" block onClick={onReceipt} data-testid="view-receipt">
          查看回执
        </Button>
        <ContactAgent mode="qr" source="checkDetail" />
      </div>
      <NeverAskNotice />
    </>
  );
}

/**
 * What a phone alone shows of an order (decision 049): service, status, the company with its middle
 * masked, the date; no receipt. The SMS code below shows it whole.
 */
function MaskedProgress({ order, count, verify }: { order: MaskedOrder; count: number; verify: ReactNode }) {
  const info = isGoodsType(order.goods_type) ? orderTexts(order.goods_type).infoBlock : null;
  return (
    <>
      <section className={styles.card} aria-labelledby="order-company" data-testid="order-progress" data-access="masked">
        <div className={styles.orderHead}>
          <div className={styles.orderTitle}>
            <p className={styles.goods}>{order.goods_name}</p>
            <h2 id="order-company" className={styles.company} data-testid="order-company">
              {order.entity_name}
            </h2>
          </div>
          <StatusBadge status={order.process_status} name={order.process_status_name} />
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>下单日期</dt>
            <dd data-testid="order-date">{order.create_date}</dd>
          </div>
        </dl>
        {count > 1 && <p className={styles.more}>该手机号共有 {count} 笔订单，可在下方列表中切换查看。</p>}
      </section>
      <section className={styles.card} data-testid="verify-card">
        {verify}
      </section>
      {info && (
        <section className={styles.card} aria-labelledby="order-info-title" data-testid="order-info">
          <h3 id="order-info-title" className={styles.infoTitle}>
            {info.title}
          </h3>
          <ul className={styles.infoList}>
            {info.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      <div className={styles.actions}>
        <ContactAgent mode="qr" source="checkDetail" />
      </div>
      <NeverAskNotice />
    </>
  );
}

/** Every order of the phone, newest first (as the server lists them); the one shown is marked, a tap shows another. */
function OrderChooser({ orders, shownKey, onSelect }: { orders: LookupOrder[]; shownKey: string; onSelect: (order: LookupOrder, key: string) => void }) {
  return (
    <section className={styles.card} aria-labelledby="order-list-title" data-testid="order-list">
      <h3 id="order-list-title" className={styles.infoTitle}>
        该手机号的全部订单（{orders.length}）
      </h3>
      <ul className={styles.orderList}>
        {orders.map((order, index) => {
          const key = choiceKey(order, index);
          const current = key === shownKey;
          return (
            <li key={key}>
              <button
                type="button"
                className={styles.orderChoice}
                aria-current={current ? 'true' : undefined}
                onClick={() => onSelect(order, key)}
                data-testid="order-choice"
                data-order-no={order.access === 'full' ? order.out_trade_no : undefined}
              >
                <span className={styles.choiceText}>
                  <span className={styles.choiceGoods}>{order.goods_name}</span>
                  <span className={styles.choiceCompany}>{order.entity_name}</span>
                  <span className={styles.choiceTime}>{order.access === 'full' ? formatShanghaiDateTime(order.create_time) : order.create_date}</span>
                </span>
                <StatusBadge status={order.process_status} name={order.process_status_name} />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
