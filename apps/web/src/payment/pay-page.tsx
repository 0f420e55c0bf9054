import { allowedPayTypes, amountLabel, buildMiniProgramPayHandoff, type CreateOrderResult, errorMessage, formatYuan, isPaidStatus, miniProgramPayUrl, needsAuthorization, NOTICES, orderListTabOf, PAY_NEEDS_WECHAT, PAYMENT_CONFIRMING, paySourceFor, type PayType, REDIRECT_DELAY_MS, TAB_RETURN_REFRESH_MS, pageErrorMessage } from '@kuaibao/domain';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate } from '../router/router.tsx';
import { useBlocker } from '../router/use-blocker.ts';
import { useRequest } from '../common/use-request.ts';
import { fetchOrderDetail } from '../api/endpoints.ts';
import { track } from '../api/index.ts';
import { usePlatform } from '../platform/context.tsx';
import { CompanyCard } from '../common/company-card.tsx';
import { HonestyNotice, NeverAskNotice } from '../common/honesty-notice.tsx';
import { PayCountdown } from './pay-countdown.tsx';
import { PayMethods } from './pay-methods.tsx';
import { Promises } from './promises.tsx';
import { useNow } from '../common/use-now.ts';
import { base64Json, navigateMiniProgram } from '../platform/wechat-bridge.ts';
import { openWechatPay } from './wechat-pay-flow.ts';
import { emptyOrderForm, forgetOrder, readGoods, readOrderForm, readString, rememberOrder } from '../storage.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/modal.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { toast } from '../ui/toast.tsx';
import styles from './pay-page.module.css';
import { usePayment } from './use-payment.ts';
import { usePublishedAnnualReport } from './annual-report-precheck.ts';
import { PrecheckNotice } from './precheck-notice.tsx';
import { useAlreadyOrdered } from './already-ordered.ts';
import type { HomeLocationState } from '../pages/home/order-form.tsx';
import { AgreementUpdateDialog } from './agreement-update.tsx';
import { AuthorizationCard, authorizationConfirmation, EMPTY_AUTHORIZATION } from './authorization-card.tsx';
import { useSiteData } from '../site-data.tsx';
import { useFixedBottomBar } from '../ui/fixed-bottom-bar.ts';
import { useServiceContact } from '../common/service-contact.ts';
import { isWechatBrowser } from '../platform/detect.ts';

// The QR code library loads only when the visitor asks for the contact.
const ServiceDialog = lazy(() => import('../common/service-dialog.tsx').then((m) => ({ default: m.ServiceDialog })));

/**
 * Mobile /pay (docs/product/screens.md#payment, docs/product/orders-and-statuses.md): the form's company, the fee, the allowed payment
 * methods and '立即办理', which creates an h5 order and leaves for the provider's page.
 * Desktop pays in a dialog on the home page instead.
 */
export default function PayPage() {
  const platform = usePlatform();
  const now = useNow();
  const navigate = useNavigate();
  const form = useMemo(() => readOrderForm(), []);
  const goods = useMemo(() => readGoods().find((item) => String(item.goods_id) === form?.goods_id), [form]);
  const types = useMemo(
    () => allowedPayTypes({ platform: platform.platform, os: platform.os, goodsPayTypes: goods?.pay_type ?? '' }),
    [goods, platform.os, platform.platform],
  );
  const [payType, setPayType] = useState<PayType | ''>(types[0] ?? '');
  // The spec's texts are the annual report's: without a known service, its words (decision 032).
  const goodsType = goods?.goods_type ?? 'license_year';
  const usable = platform.formFactor === 'phone' && !!form?.entity_name;
  const [exitOpen, setExitOpen] = useState(false);
  // A cancellation's 授权委托书 (docs/decisions/035-cancellation-authorisation.md): confirmed before 立即办理.
  const needsAuth = needsAuthorization(goods?.goods_type);
  const [authorization, setAuthorization] = useState(EMPTY_AUTHORIZATION);
  const agentName = useSiteData().config?.operator_name ?? '';
  const [serviceOpen, setServiceOpen] = useState(false);
  const service = useServiceContact();

  useEffect(() => {
    if (usable) track('pay.enter', form?.goods_id, 'event', { form_factor: 'phone' });
  }, [usable, form?.goods_id]);

  // The exit guard (docs/product/screens.md, docs/product/orders-and-statuses.md): back asks '确定要退出支付页面吗？'; unload gets the browser's prompt.
  // Released once the page leaves on purpose (to the provider, a reload, home): nothing to guard then.
  const guard = useBlocker(usable, () => {
    setExitOpen(true);
    track('pay.exit.ask', form?.goods_id);
  });

  const payment = usePayment({
    form: form ?? emptyOrderForm(platform.platform),
    goodsType,
    paySource: paySourceFor({ formFactor: platform.formFactor, inMessenger: platform.inMessenger }),
    returnUrl: `${location.origin}/pay`,
    poll: false,
    // Declared below the early return: it runs only after a creation, which only a usable page starts.
    onCreated: (result, chosen) => void payCreated(result, chosen),
    // Official account: the order decided after WeChat's sheet (docs/product/orders-and-statuses.md: ok → /order, fail, cancel).
    onPaid: (_order, result) => {
      track('pay.success', result.orderId);
      forgetOrder();
      guard.release();
      toast.info(NOTICES.PAYMENT_SUCCEEDED);
      // The paid service's own tab: a cancellation is listed under 注销, not 年检.
      navigate(`/order?tab=${orderListTabOf(goods?.goods_type)}`, { replace: true });
    },
    onUnconfirmed: (answer) => {
      if (answer === 'ok') toast.warn(PAYMENT_CONFIRMING);
      else toast.error(answer === 'cancel' ? NOTICES.PAYMENT_CANCELED : NOTICES.PAYMENT_FAILED);
    },
    onLeave: () => navigate('/'),
  });
  // Asked as the page opens (decision 032): a company that already ordered the service is told
  // at once, in the service's words, and goes home as after the refusal on 立即办理.
  const alreadyOrdered = useAlreadyOrdered(usable ? form : null, (message) => {
    toast.info(message);
    track('pay.ispaied', form?.entity_id, 'event', { at: 'open' });
  });
  useEffect(() => {
    if (!alreadyOrdered) return;
    const timer = setTimeout(() => {
      guard.release();
      navigate('/', { replace: true });
    }, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [alreadyOrdered, guard, navigate]);
  const busy = (payment.state.kind !== 'idle' && payment.state.kind !== 'failed') || !!alreadyOrdered;

  // The pre-check (docs/product/annual-report-precheck.md): asked beside the page, never waited for.
  // Once it says the report is published, 立即办理 becomes an explicit choice.
  const published = usePublishedAnnualReport(usable ? form?.entity_id : undefined, goods?.goods_type, now);
  const [continued, setContinued] = useState(false);
  const choosing = !!published && !continued;
  useEffect(() => {
    if (published) track('pay.precheck.published', form?.goods_id, 'event', { year: published.year });
  }, [published, form?.goods_id]);

  // Back from the provider's page (docs/product/orders-and-statuses.md#payment-confirmation, mobile): a moment after the tab shows
  // again, one look at the stored order. Each return is its own look (`at`).
  const [returned, setReturned] = useState<{ at: number; orderId: string } | null>(null);
  useEffect(() => {
    if (!usable) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const orderId = readString('orderId');
        if (orderId) setReturned((last) => ({ at: (last ? last.at : 0) + 1, orderId }));
      }, TAB_RETURN_REFRESH_MS);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      clearTimeout(timer);
    };
  }, [usable]);
  useRequest(returned && `${returned.at}:${returned.orderId}`, (signal) => fetchOrderDetail(returned!.orderId, { quiet: true, signal }), {
    onData: (order) => {
      // The reload runs start-up, which sends a paid order to /success.
      if (!isPaidStatus(order.status)) return;
      guard.release();
      location.reload();
    },
  });

  useFixedBottomBar('calc(88px + env(safe-area-inset-bottom))');
  if (!usable || !form) return <Navigate to="/" replace />;

  const handleNow = (goOn = continued) => {
    if (!payType || busy) return;
    // The official account pays through WeChat's bridge only: elsewhere say so now, rather than wait for a bridge that never comes.
    if (platform.host === 'wx-oa' && !isWechatBrowser(navigator.userAgent)) {
      track('pay.needs_wechat', form.goods_id, 'error');
      toast.error(PAY_NEEDS_WECHAT);
      return;
    }
    if (!needsAuth) return payment.create(payType, { precheckContinued: goOn });
    const checked = authorizationConfirmation(authorization, form.entity_legal);
    if (!checked.ok) {
      toast.error(pageErrorMessage(checked.error));
      document.querySelector('[data-testid="authorization-card"]')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    payment.create(payType, { precheckContinued: goOn, authorization: checked.confirmation });
  };

  /** 我已了解，仍要办理: the visitor knows better (e.g. to correct a filed report) and pays. */
  const continueAnyway = () => {
    setContinued(true);
    track('pay.precheck.continue', form.goods_id, 'click');
    handleNow(true);
  };

  /** 不用办理了: nothing to pay for; back home. */
  const notNeeded = () => {
    guard.release();
    track('pay.precheck.leave', form.goods_id, 'click');
    navigate('/', { replace: true });
  };

  /** The order exists: pay it where this host pays (docs/product/orders-and-statuses.md). */
  const payCreated = async (result: CreateOrderResult, chosen: PayType) => {
    if (platform.host === 'wx-oa') return payInOfficialAccount(result);
    if (platform.host === 'wx-mp') return handToMiniProgram(result, chosen);
    const target = result.h5_url || result.payParam;
    if (target) {
      rememberOrder(result);
      guard.release();
      location.assign(target);
      return;
    }
    toast.error(errorMessage('PAYMENT_PROVIDER_UNAVAILABLE'));
    payment.reset();
  };

  /** Official account: WeChat's pay sheet, then the order decides (usePayment's confirm, see onPaid above). */
  const payInOfficialAccount = async (result: CreateOrderResult) => {
    rememberOrder(result);
    const answer = await openWechatPay(result);
    if (answer !== 'invalid') return payment.confirm(answer);
    toast.error(errorMessage('PAYMENT_PROVIDER_UNAVAILABLE'));
    payment.reset();
  };

  /** Mini-program: its own pay page pays, with the order and the form as base64 JSON (docs/product/screens.md). */
  const handToMiniProgram = async (result: CreateOrderResult, chosen: PayType) => {
    rememberOrder(result);
    const handoff = buildMiniProgramPayHandoff(result, { ...form, pay_type: chosen, pay_source: 'jsapi' });
    const opened = await navigateMiniProgram(miniProgramPayUrl(base64Json(handoff)));
    track('pay.handoff', result.orderId, opened ? 'event' : 'error');
    // Back from the mini-program, the tab-return refresh below sees the paid order.
    if (!opened) toast.error(errorMessage('PAYMENT_PROVIDER_UNAVAILABLE'));
    payment.reset();
  };

  const exit = () => {
    guard.release();
    setExitOpen(false);
    track('pay.exit', form.goods_id, 'click');
    navigate('/', { replace: true });
  };

  const contact = () => {
    setExitOpen(false);
    setServiceOpen(true);
    track('pay.exit.contact', form.goods_id, 'click');
  };

  // The top bar's back arrow asks as the browser's back does (docs/product/screens.md#payment).
  const askExit = () => {
    setExitOpen(true);
    track('pay.exit.ask', form.goods_id);
  };

  const fee = goods?.price_fen;
  return (
    <main className={styles.page} data-testid="pay-page">
      <PageHeader title="确认办理信息" onBack={askExit} testId="pay-header" />
      {published && <PrecheckNotice report={published} />}
      <CompanyCard
        testId="pay-company"
        name={form.entity_name}
        creditCode={form.entity_id}
        legal={form.entity_legal}
        phone={form.entity_phone}
        {...(fee !== undefined ? { fee: [amountLabel({ goodsType, variant: platform.variant, now }), formatYuan(fee)] as [string, string] } : {})}
        onEdit={() => navigate('/', { state: { consented: true } satisfies HomeLocationState })}
      >
        {goods && <p className={styles.goods}>办理业务：{goods.goods_name}</p>}
        <PayCountdown goodsType={goodsType} variant={platform.variant} />
      </CompanyCard>

      <HonestyNotice />

      {needsAuth && (
        <AuthorizationCard
          entityName={form.entity_name}
          creditCode={form.entity_id}
          legalName={form.entity_legal}
          agentName={agentName}
          value={authorization}
          onChange={setAuthorization}
        />
      )}

      <section className={styles.card}>
        {types.length > 0 ? (
          <PayMethods types={types} value={payType} onChange={setPayType} />
        ) : (
          <p className={styles.none}>当前环境暂无可用的支付方式，请联系客服</p>
        )}
      </section>

      <section className={styles.card}>
        <Promises goodsType={goodsType} />
      </section>

      <NeverAskNotice />

      <div className={styles.bar}>
        {choosing ? (
          <div className={styles.choice}>
            <Button size="lg" block onClick={notNeeded} data-testid="precheck-not-needed">
              不用办理了
            </Button>
            <Button size="lg" block variant="secondary" disabled={!payType || busy} onClick={continueAnyway} data-testid="precheck-continue">
              我已了解，仍要办理
            </Button>
          </div>
        ) : (
          <Button size="lg" block disabled={!payType || busy} onClick={() => handleNow()} data-testid="pay-now">
            立即办理
          </Button>
        )}
      </div>

      <Dialog
        open={exitOpen}
        onClose={() => setExitOpen(false)}
        title="确定要退出支付页面吗？"
        size="sm"
        testId="pay-exit-dialog"
        footer={
          <>
            <Button variant="ghost" onClick={exit} data-testid="pay-exit-confirm">
              确定
            </Button>
            {service.available && (
              <Button onClick={contact} data-testid="pay-exit-contact" data-autofocus>
                联系客服
              </Button>
            )}
          </>
        }
      >
        <p className={styles.exitText}>订单尚未支付。如有疑问，可先联系客服咨询。</p>
      </Dialog>
      <AgreementUpdateDialog
        agreement={payment.state.kind === 'agreement' ? payment.state.agreement : null}
        onAgree={payment.agreeAndRetry}
        onClose={payment.reset}
      />
      <Suspense fallback={null}>{serviceOpen && <ServiceDialog open onClose={() => setServiceOpen(false)} />}</Suspense>
    </main>
  );
}
