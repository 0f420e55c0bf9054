import {
  FEE_LABEL,
  representativeLabel,
  formatShanghaiDateTime,
  formatYuan,
  goodsTexts,
  isCompletionVisible,
  isDeclarationEditable,
  isWholeOrder,
  OFFICIAL_CHANNEL_NAME,
  OFFICIAL_CHANNEL_URL,
  orderTexts,
  type OrderRecord,
} from '@kuaibao/domain';
import { lazy, Suspense, type ReactNode } from 'react';
import { useNavigate } from '../../router/router.tsx';
import { fetchOrderDetail } from '../../api/endpoints.ts';
import { HonestyNotice } from '../../common/honesty-notice.tsx';
import { useGoBack } from '../../common/use-go-back.ts';
import { useRequest } from '../../common/use-request.ts';
import { rememberOrder } from '../../storage.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { StatusBadge } from '../check/status-badge.tsx';
import styles from './corp-order-detail-page.module.css';
import { isSessionError, reauthorizeOnSessionError } from './session.ts';

// 申请发票 in /corp/ (docs/decisions/060-invoices.md): the visitor's login proves the order theirs.
const InvoiceCard = lazy(() => import('../invoice/invoice-card.tsx'));

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** An annual report paid for but not yet filled in: the declaration form is still to do. */
function awaitsDeclaration(order: OrderRecord): boolean {
  return isDeclarationEditable(order) && !order.entity_extra?.sale_amount;
}

/**
 * /orderDetail?id= in the official-account variant (docs/product/screens.md#receipt): the
 * logged-in visitor's own order, fetched by id, with the handler (admin_name, 'business handler'),
 * the company and person, the fee and submit date, and how to check the result on the national
 * enterprise credit publicity system.
 */
export default function CorpOrderDetailPage({ id }: { id: string }) {
  const navigate = useNavigate();
  const goBack = useGoBack('/order');
  const detail = useRequest(id, (signal) => fetchOrderDetail(id, { quiet: true, signal }), { onError: reauthorizeOnSessionError });
  // A session error leaves for the authorization page: the page shows 'loading' until then.
  const missing = detail.error !== undefined && !isSessionError(detail.error);

  const fillDeclaration = (order: OrderRecord) => {
    // The success flow reads the stored order id, as after a payment on this device. No edit key:
    // the visitor's login (x-token) is what proves the order is theirs (decision 012).
    rememberOrder({ orderId: order.id });
    navigate('/success');
  };

  return (
    <div className={styles.page} data-testid="corp-order-detail">
      <PageHeader title="申请详情" onBack={goBack} />
      <main className={styles.main}>
        {!detail.data && !missing && (
          <p className={styles.empty} role="status">
            加载中...
          </p>
        )}
        {missing && (
          <p className={styles.empty} role="alert" data-testid="corp-order-missing">
            订单不存在或无权查看
          </p>
        )}
        {detail.data && isWholeOrder(detail.data) && <Detail order={detail.data} onFill={fillDeclaration} />}
      </main>
    </div>
  );
}

function Detail({ order, onFill }: { order: OrderRecord; onFill: (order: OrderRecord) => void }) {
  const texts = { ...goodsTexts(order.goods_type), ...orderTexts(order.goods_type) };
  const screenshots = isCompletionVisible(order.process_status) ? order.files.filter((file) => file.url) : [];
  return (
    <>
      <section className={styles.card} aria-labelledby="corp-detail-title">
        <div className={styles.head}>
          <h2 id="corp-detail-title" className={styles.title}>
            {order.goods_name || texts.shortName}
          </h2>
          <StatusBadge status={order.process_status} name={order.process_status_name} />
        </div>
        <dl className={styles.fields}>
          <Row label="业务办理人" testId="corp-detail-handler">
            {order.admin_name || '待分配'}
          </Row>
          <Row label={representativeLabel(order.entity_id)} testId="corp-detail-legal">
            {order.entity_legal || '—'}
          </Row>
          <Row label="联系电话" testId="corp-detail-phone">
            {order.entity_phone}
          </Row>
          <Row label="身份证号" testId="corp-detail-idno">
            {order.entity_idno || '—'}
          </Row>
          <Row label="营业执照全称" testId="corp-detail-name">
            {order.entity_name}
          </Row>
          <Row label="统一社会信用代码" testId="corp-detail-credit-code">
            {order.entity_id}
          </Row>
          <Row label="业务类型" testId="corp-detail-type">
            {order.goods_name || texts.shortName}
          </Row>
          <Row label={FEE_LABEL} testId="corp-detail-fee">
            {formatYuan(order.total_fee)}
          </Row>
          <Row label="提交日期" testId="corp-detail-date">
            {formatShanghaiDateTime(order.create_time)}
          </Row>
          <Row label="订单编号" testId="corp-detail-number">
            {order.out_trade_no}
          </Row>
        </dl>
        {awaitsDeclaration(order) && (
          <Button block onClick={() => onFill(order)} data-testid="corp-detail-declare">
            填写年报数据
          </Button>
        )}
      </section>

      <Suspense fallback={null}>
        <InvoiceCard proof={{ id: order.id }} />
      </Suspense>

      <section className={styles.card} aria-labelledby="corp-detail-notes" data-testid="corp-detail-notes">
        <h2 id="corp-detail-notes" className={styles.subtitle}>
          温馨提示
        </h2>
        <ul className={styles.notes}>
          {texts.remarks.map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>
            查询入口：
            <a href={OFFICIAL_CHANNEL_URL} target="_blank" rel="noopener noreferrer">
              {OFFICIAL_CHANNEL_NAME}
            </a>
          </li>
        </ul>
      </section>

      {screenshots.length > 0 && (
        <section className={styles.card} aria-labelledby="corp-detail-shots">
          <h2 id="corp-detail-shots" className={styles.subtitle}>
            完成截图
          </h2>
          <ul className={styles.shots}>
            {screenshots.map((file, index) => (
              <li key={`${index}-${file.url}`}>
                <a href={file.url} target="_blank" rel="noopener noreferrer" aria-label={`查看完成截图 ${index + 1} 原图`}>
                  <img src={file.url} alt={`完成截图 ${index + 1}`} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <HonestyNotice compact goodsType={order.goods_type} />
    </>
  );
}
