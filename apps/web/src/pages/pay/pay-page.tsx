import {
  allowedPayTypes,
  amountLabel,
  buildMiniProgramPayHandoff,
  type CreateOrderResult,
  errorMessage,
  formatYuan,
  isPaidStatus,
  miniProgramPayUrl,
  NOTICES,
  PAYMENT_CONFIRMING,
  paySourceFor,
  type PayType,
  REDIRECT_DELAY_MS,
  TAB_RETURN_REFRESH_MS,
} from '@kuaibao/domain';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate } from '../../router/router.tsx';
import { fetchOrderDetail } from '../../api/endpoints.ts';
import { track } from '../../api/index.ts';
import { usePlatform } from '../../platform/context.tsx';
import { CompanyCard } from '../../common/company-card.tsx';
import { HonestyNotice, NeverAskNotice } from '../../common/honesty-notice.tsx';
import { PayCountdown } from '../../common/pay-countdown.tsx';
import { PayMethods } from '../../common/pay-methods.tsx';
import { placeOrder } from '../../common/place-order.ts';
import { Promises } from '../../common/promises.tsx';
import { useNow } from '../../common/use-now.ts';
import { base64Json, navigateMiniProgram } from '../../platform/wechat-bridge.ts';
import { payInWechat } from '../../common/wechat-pay-flow.ts';
import { forgetOrder, readGoods, readOrderForm, readString, rememberOrder } from '../../storage.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/modal.tsx';
import { toast } from '../../ui/toast.tsx';
import styles from './pay-page.module.css';

// The QR code library loads only when the visitor asks for the contact.
const ServiceDialog = lazy(() => import('../../common/service-dialog.tsx').then((m) => ({ default: m.ServiceDialog })));

/** Marks the history entry the exit guard pushes over /pay. */
const GUARD_MARK = 'kbPayGuard';

function isGuardEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[GUARD_MARK] === true;
}

/**
 * Mobile /pay (spec §2 "Payment", §4): the form's company, the fee, the allowed payment
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
  const [busy, setBusy] = useState(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const usable = platform.formFactor === 'phone' && !!form?.entity_name;
  const [exitOpen, setExitOpen] = useState(false);
  const [serviceOpen, setServiceOpen] = useState(false);
  /** Off once the page leaves on purpose (to the provider, a reload, home): nothing to guard then. */
  const guarding = useRef(true);

  useEffect(() => {
    if (usable) track('pay.enter', form?.goods_id, 'event', { form_factor: 'phone' });
    return () => clearTimeout(leaveTimer.current);
  }, [usable, form?.goods_id]);

  // The exit guard (spec §2, §4): back asks '确定要退出支付页面吗？'; unload gets the browser's prompt
  // (a page cannot show its own dialog while unloading). An extra entry over /pay absorbs the back.
  useEffect(() => {
    if (!usable) return;
    const guard = () => history.pushState({ ...(history.state as object | null), [GUARD_MARK]: true }, '', location.href);
    if (!isGuardEntry(history.state)) guard();
    const onPop = () => {
      if (!guarding.current || isGuardEntry(history.state)) return;
      guard();
      setExitOpen(true);
      track('pay.exit.ask', form?.goods_id);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarding.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [usable, form?.goods_id]);

  // Back from the provider's page (spec §4 "Payment confirmation", mobile).
  useEffect(() => {
    if (!usable) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const orderId = readString('orderId');
        if (!orderId) return;
        fetchOrderDetail(orderId, { quiet: true })
          .then((order) => {
            // The reload runs start-up, which sends a paid order to /success.
            if (!isPaidStatus(order.status)) return;
            guarding.current = false;
            location.reload();
          })
          .catch(() => undefined);
      }, TAB_RETURN_REFRESH_MS);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      clearTimeout(timer);
    };
  }, [usable]);

  if (!usable || !form) return <Navigate to="/" replace />;

  const handleNow = async () => {
    if (!payType || busy) return;
    setBusy(true);
    const outcome = await placeOrder({
      form,
      payType,
      paySource: paySourceFor({ formFactor: platform.formFactor, inMessenger: platform.inMessenger }),
      returnUrl: `${location.origin}/pay`,
    });
    if (outcome.kind === 'created' && platform.host === 'wx-oa') {
      await payInOfficialAccount(outcome.result);
      return;
    }
    if (outcome.kind === 'created' && platform.host === 'wx-mp') {
      await handToMiniProgram(outcome.result, payType);
      return;
    }
    if (outcome.kind === 'created') {
      const target = outcome.result.h5_url || outcome.result.payParam;
      if (target) {
        rememberOrder(outcome.result);
        guarding.current = false;
        location.assign(target);
        return;
      }
      toast.error(errorMessage('PAYMENT_PROVIDER_UNAVAILABLE'));
    } else if (outcome.kind === 'filed' || outcome.kind === 'message') {
      toast.info(outcome.text);
      leaveTimer.current = setTimeout(() => navigate('/'), REDIRECT_DELAY_MS);
      return;
    }
    setBusy(false);
  };

  /** Official account: WeChat's pay sheet, then the order decides (spec §4: ok → /order, fail, cancel). */
  const payInOfficialAccount = async (result: CreateOrderResult) => {
    rememberOrder(result);
    const paid = await payInWechat(result);
    if (paid === 'paid') {
      forgetOrder();
      guarding.current = false;
      toast.info(NOTICES.PAYMENT_SUCCEEDED);
      navigate('/order', { replace: true });
      return;
    }
    if (paid === 'unconfirmed') toast.warn(PAYMENT_CONFIRMING);
    else if (paid === 'cancel') toast.error(NOTICES.PAYMENT_CANCELED);
    else if (paid === 'fail') toast.error(NOTICES.PAYMENT_FAILED);
    else toast.error(errorMessage('PAYMENT_PROVIDER_UNAVAILABLE'));
    setBusy(false);
  };

  /** Mini-program: its own pay page pays, with the order and the form as base64 JSON (spec §2). */
  const handToMiniProgram = async (result: CreateOrderResult, chosen: PayType) => {
    rememberOrder(result);
    const handoff = buildMiniProgramPayHandoff(result, { ...form, pay_type: chosen, pay_source: 'jsapi' });
    const opened = await navigateMiniProgram(miniProgramPayUrl(base64Json(handoff)));
    track('pay.handoff', result.orderId, opened ? 'event' : 'error');
    // Back from the mini-program, the tab-return refresh below sees the paid order.
    if (!opened) toast.error(errorMessage('PAYMENT_PROVIDER_UNAVAILABLE'));
    setBusy(false);
  };

  const exit = () => {
    guarding.current = false;
    setExitOpen(false);
    track('pay.exit', form.goods_id, 'click');
    navigate('/', { replace: true });
  };

  const contact = () => {
    setExitOpen(false);
    setServiceOpen(true);
    track('pay.exit.contact', form.goods_id, 'click');
  };

  const fee = goods?.price_fen;
  return (
    <main className={styles.page} data-testid="pay-page">
      <h1 className={styles.title}>确认办理信息</h1>
      <CompanyCard
        testId="pay-company"
        name={form.entity_name}
        creditCode={form.entity_id}
        legal={form.entity_legal}
        phone={form.entity_phone}
        {...(fee !== undefined ? { fee: [amountLabel({ variant: platform.variant, now }), formatYuan(fee)] as [string, string] } : {})}
        onEdit={() => navigate('/')}
      >
        {goods && <p className={styles.goods}>办理业务：{goods.goods_name}</p>}
        <PayCountdown variant={platform.variant} />
      </CompanyCard>

      <HonestyNotice />

      <section className={styles.card}>
        {types.length > 0 ? (
          <PayMethods types={types} value={payType} onChange={setPayType} />
        ) : (
          <p className={styles.none}>当前环境暂无可用的支付方式，请联系客服</p>
        )}
      </section>

      <section className={styles.card}>
        <Promises />
      </section>

      <NeverAskNotice />

      <div className={styles.bar}>
        <Button size="lg" block disabled={!payType || busy} onClick={() => void handleNow()} data-testid="pay-now">
          立即办理
        </Button>
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
            <Button onClick={contact} data-testid="pay-exit-contact" data-autofocus>
              联系客服
            </Button>
          </>
        }
      >
        <p className={styles.exitText}>订单尚未支付。如有疑问，可先联系客服咨询。</p>
      </Dialog>
      <Suspense fallback={null}>{serviceOpen && <ServiceDialog open onClose={() => setServiceOpen(false)} />}</Suspense>
    </main>
  );
}
