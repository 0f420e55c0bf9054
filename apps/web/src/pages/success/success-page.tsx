import { isValidMobilePhone, NOTICES, type OrderRecord } from '@kuaibao/domain';
import { Navigate, useNavigate } from '../../router/router.tsx';
import { usePlatform } from '../../platform/context.tsx';
import { HonestyNotice } from '../../common/honesty-notice.tsx';
import { progressPath } from '../../common/progress-path.ts';
import type { OrderForm } from '../../storage.ts';
import type { CheckLocationState } from '../check/check-page.tsx';
import HomePage from '../home/home-page.tsx';
import { DeclarationActions, DeclarationEntries, FiledDialog, OrderInfo, ZeroConfirmDialog } from './declaration.tsx';
import styles from './success-page.module.css';
import { SuccessIcon, SuccessSummary } from './success-summary.tsx';
import { useDeclaration } from './use-declaration.ts';
import { DECLARATION_PENDING_TITLE } from '../../common/declaration-pending.tsx';
import { usePaidOrder } from './use-paid-order.ts';
import { lazy, Suspense } from 'react';

// 申请发票 after paying (decision 060): its own chunk.
const InvoiceCard = lazy(() => import('../invoice/invoice-card.tsx'));
const ReminderConsent = lazy(() => import('../reminder/reminder-consent.tsx'));

/** /success: on phones its own page; on desktop the home with the success dialog (docs/product/screens.md). */
export default function SuccessPage() {
  const platform = usePlatform();
  if (platform.formFactor === 'desktop') return <HomePage success />;
  return <MobileSuccess />;
}

/** /check opens with the phone of the order just paid in its input (docs/product/screens.md#success): the visitor's own form holds it unmasked. */
function progressState(form: OrderForm | null, order: OrderRecord | null): CheckLocationState | undefined {
  const phone = [form?.entity_phone, order?.entity_phone].find((candidate) => !!candidate && isValidMobilePhone(candidate));
  return phone ? { phone } : undefined;
}

function MobileSuccess() {
  const state = usePaidOrder();
  const navigate = useNavigate();
  const platform = usePlatform();
  if (state.kind === 'none') return <Navigate to="/" replace />;
  if (state.kind === 'loaded' && state.order.goods_type === 'license_year') {
    return <MobileDeclaration order={state.order} form={state.form} editKey={state.editKey} resumed={state.resumed} />;
  }
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <SuccessSummary
          state={state}
          onViewProgress={() => navigate(progressPath(platform.host), { state: state.kind === 'loaded' ? progressState(state.form, state.order) : undefined })}
        />
      </div>
      {state.kind === 'loaded' && (
        <Suspense fallback={null}>
          <InvoiceCard proof={{ id: state.order.id, key: state.editKey }} />
          <ReminderConsent proof={{ id: state.order.id, key: state.editKey }} />
        </Suspense>
      )}
    </main>
  );
}

/**
 * The annual report fill-in on a phone (docs/product/screens.md#success, docs/product/orders-and-statuses.md sub-states 0/1/2).
 * `resumed`: back to an order paid earlier whose figures are still to come (a reload, /checkDetail, the receipt).
 */
function MobileDeclaration({ order, form, editKey, resumed }: { order: OrderRecord; form: OrderForm | null; editKey: string | null; resumed: boolean }) {
  const model = useDeclaration(order, editKey);
  const navigate = useNavigate();
  const platform = usePlatform();
  return (
    <main className={styles.page} data-testid="declaration">
      <header className={styles.head}>
        {/* A tick says "done": not for figures still to come. */}
        {!resumed && <SuccessIcon size={48} />}
        <div>
          <h1 className={styles.title} data-testid="declaration-title">
            {resumed ? DECLARATION_PENDING_TITLE : NOTICES.PAYMENT_SUCCEEDED}
          </h1>
          <p className={styles.lead}>请填写上一年度的年报数据。提交后由办理专员核对，再代为报送登记机关。</p>
        </div>
      </header>

      <section className={styles.card} aria-labelledby="decl-order-title">
        <h2 id="decl-order-title" className={styles.cardTitle}>
          订单信息
        </h2>
        <OrderInfo order={model.order} layout="phone" />
      </section>

      <section className={styles.card} aria-label="年报数据">
        <DeclarationEntries model={model} layout="phone" />
        <p className={styles.note}>“公示”的数据将在国家企业信用信息公示系统向社会公开，“不公示”的仅报送登记机关。</p>
      </section>

      <DeclarationActions model={model} />
      <Suspense fallback={null}>
        <InvoiceCard proof={{ id: order.id, key: editKey }} />
        <ReminderConsent proof={{ id: order.id, key: editKey }} />
      </Suspense>
      <HonestyNotice compact />

      <ZeroConfirmDialog model={model} layout="phone" />
      <FiledDialog
        open={model.step === 2}
        onClose={() => navigate(progressPath(platform.host), { replace: true, state: progressState(form, model.order) })}
        closeLabel="查看办理进度"
      />
    </main>
  );
}
