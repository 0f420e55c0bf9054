import { formatYuan, priceForCustomer } from '@kuaibao/domain';
import { lazy, Suspense } from 'react';
import { Navigate, useNavigate } from '../router/router.tsx';
import { CompanyCard } from '../common/company-card.tsx';
import { HonestyNotice, NeverAskNotice } from '../common/honesty-notice.tsx';
import { PayCountdown } from './pay-countdown.tsx';
import { PayMethods } from './pay-methods.tsx';
import { Promises } from './promises.tsx';
import { useServiceContact } from '../common/service-contact.ts';
import { ContactInline } from '../common/contact-inline.tsx';
import { Button } from '../ui/button.tsx';
import { useFixedBottomBar } from '../ui/fixed-bottom-bar.ts';
import { Dialog } from '../ui/modal.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import styles from './pay-page.module.css';
import { PrecheckNotice } from './precheck-notice.tsx';
import type { HomeLocationState } from '../pages/home/order-form.tsx';
import { AgreementUpdateDialog } from './agreement-update.tsx';
import { AlreadyOrderedNotice, LoginExpiredNotice } from './already-ordered-notice.tsx';
import { AuthorizationCard } from './authorization-card.tsx';
import { usePhonePay } from './use-phone-pay.ts';

// The QR code library loads only when the visitor asks for the contact.
const ServiceDialog = lazy(() => import('../common/service-dialog.tsx').then((m) => ({ default: m.ServiceDialog })));

/**
 * Mobile /pay (docs/product/screens.md#payment, docs/product/orders-and-statuses.md): the form's company, the fee, the allowed payment
 * methods and '立即办理', which creates an h5 order and leaves for the provider's page (use-phone-pay.ts).
 * Desktop pays in a dialog on the home page instead.
 */
export default function PayPage() {
  const navigate = useNavigate();
  const pay = usePhonePay();
  const { form, goods, flow, busy } = pay;
  const { platform, goodsType, types, payType, payment, published } = flow;
  const service = useServiceContact();
  useFixedBottomBar('calc(88px + env(safe-area-inset-bottom))');
  if (!form) return <Navigate to="/" replace />;

  // The price for this company's kind (customer-price.ts), as the server will charge it.
  const fee = goods && priceForCustomer(goods, form.entity_id, form.entity_name);
  return (
    <main className={styles.page} data-testid="pay-page">
      <PageHeader title="确认办理信息" onBack={pay.askExit} testId="pay-header" />
      {published && <PrecheckNotice report={published} />}
      <CompanyCard
        testId="pay-company"
        name={form.entity_name}
        creditCode={form.entity_id}
        legal={form.entity_legal}
        phone={form.entity_phone}
        {...(fee !== undefined ? { fee: [flow.amountLabel, formatYuan(fee)] as [string, string] } : {})}
        onEdit={() => navigate('/', { state: { consented: true } satisfies HomeLocationState })}
      >
        {goods && <p className={styles.goods}>办理业务：{goods.goods_name}</p>}
        <PayCountdown goodsType={goodsType} variant={platform.variant} unpublishedYear={flow.unpublishedYear} />
      </CompanyCard>

      <HonestyNotice goodsType={goodsType} />

      {flow.authorizationCard && <AuthorizationCard {...flow.authorizationCard} />}

      <section className={styles.card}>
        {types.length > 0 ? (
          <PayMethods types={types} value={payType} onChange={flow.setPayType} />
        ) : (
          <p className={styles.none}>
            当前环境暂无可用的支付方式{service.available ? '，请联系客服：' : ''}
            <ContactInline source="pay.none" testId="pay-none-contact" />
          </p>
        )}
      </section>

      <section className={styles.card}>
        <Promises goodsType={goodsType} />
      </section>

      <NeverAskNotice />

      <div className={styles.bar}>
        {flow.choosing ? (
          <div className={styles.choice}>
            <Button size="lg" block onClick={pay.notNeeded} data-testid="precheck-not-needed">
              不用办理了
            </Button>
            <Button size="lg" block variant="secondary" disabled={!payType || busy} onClick={pay.continueAnyway} data-testid="precheck-continue">
              我已了解，仍要办理
            </Button>
          </div>
        ) : (
          <Button size="lg" block disabled={!payType || busy} onClick={pay.payNow} data-testid="pay-now">
            立即办理
          </Button>
        )}
      </div>

      <Dialog
        open={pay.exitOpen}
        onClose={pay.closeExit}
        title="确定要退出支付页面吗？"
        size="sm"
        testId="pay-exit-dialog"
        footer={
          <>
            <Button variant="ghost" onClick={pay.exit} data-testid="pay-exit-confirm">
              确定
            </Button>
            {service.available && (
              <Button onClick={pay.contact} data-testid="pay-exit-contact" data-autofocus>
                联系客服
              </Button>
            )}
          </>
        }
      >
        {/* Invites contact only with the contact right here (phone link, WeChat QR). */}
        {service.available ? (
          <>
            <p className={styles.exitText}>订单尚未支付。如有疑问，可先联系客服咨询：</p>
            <ContactInline source="pay.exit" weixin={false} testId="pay-exit-contact-line" />
          </>
        ) : (
          <p className={styles.exitText}>订单尚未支付，确定要退出吗？</p>
        )}
      </Dialog>
      <AlreadyOrderedNotice message={pay.filedMessage} onProgress={pay.viewProgress} onHome={pay.leaveHome} />
      <LoginExpiredNotice open={pay.loginExpired} onLogin={() => void pay.logInAgain()} onClose={pay.closeLoginExpired} />
      <AgreementUpdateDialog
        agreement={payment.state.kind === 'agreement' ? payment.state.agreement : null}
        onAgree={payment.agreeAndRetry}
        onClose={payment.reset}
      />
      <Suspense fallback={null}>{pay.serviceOpen && <ServiceDialog open onClose={pay.closeService} />}</Suspense>
    </main>
  );
}
