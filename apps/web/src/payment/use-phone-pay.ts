import { buildMiniProgramPayHandoff, type CreateOrderResult, errorMessage, isPaidStatus, MINI_PROGRAM_HOME_PAGE, miniProgramPayUrl, NOTICES, PAGE_ERRORS, orderListTabOf, PAY_NEEDS_WECHAT, PAYMENT_CONFIRMING, type PayType, TAB_RETURN_REFRESH_MS } from '@kuaibao/domain';
import { useEffect, useMemo, useState } from 'react';
import { fetchOrderDetail } from '../api/endpoints.ts';
import { track } from '../api/index.ts';
import { useRequest } from '../common/use-request.ts';
import { usePlatform } from '../platform/context.tsx';
import { isWechatBrowser } from '../platform/detect.ts';
import { base64Json, navigateMiniProgram, reLaunchMiniProgram } from '../platform/wechat-bridge.ts';
import { useNavigate } from '../router/router.tsx';
import { useBlocker } from '../router/use-blocker.ts';
import type { CheckLocationState } from '../pages/check/check-page.tsx';
import { forgetOrder, readGoods, readOrderForm, readString, rememberOrder } from '../storage.ts';
import { toast } from '../ui/toast.tsx';
import { useAlreadyOrdered } from './already-ordered.ts';
import { usePayFlow } from './use-pay-flow.ts';
import { openWechatPay } from './wechat-pay-flow.ts';

/** The host could not be asked to log in again (no bridge): what the visitor can do themselves. */
const MINI_PROGRAM_RELAUNCH_FAILED = '请关闭小程序后重新打开，再完成支付';

/**
 * The phone's /pay (docs/product/screens.md#payment, docs/product/orders-and-statuses.md): the pay
 * flow of the stored form, with what only the page has: the exit guard, "already ordered" asked as
 * it opens, '立即办理' leaving for where this host pays, and a look at the order on coming back.
 * `form` null: nothing to pay here (no form, or not a phone); the page goes home.
 */
export function usePhonePay() {
  const platform = usePlatform();
  const navigate = useNavigate();
  const stored = useMemo(() => readOrderForm(), []);
  const goods = useMemo(() => readGoods().find((item) => String(item.goods_id) === stored?.goods_id), [stored]);
  const form = platform.formFactor === 'phone' && stored?.entity_name ? stored : null;
  const usable = form !== null;
  const [exitOpen, setExitOpen] = useState(false);
  const [serviceOpen, setServiceOpen] = useState(false);
  /** The mini-program's login is missing (its mpCode was spent or expired): 立即办理 offers 重新登录 instead. */
  const [loginMissing, setLoginMissing] = useState(false);

  /** Back, or the top bar's back arrow: '确定要退出支付页面吗？'. */
  const askExit = () => {
    setExitOpen(true);
    track('pay.exit.ask', form?.goods_id);
  };
  // The exit guard (docs/product/screens.md#payment): back asks; unload gets the browser's prompt.
  // Released once the page leaves on purpose (to the provider, a reload, home): nothing to guard then.
  const guard = useBlocker(usable, askExit);
  const leaveHome = () => {
    guard.release();
    navigate('/', { replace: true });
  };

  const flow = usePayFlow({
    form,
    goods,
    formFactor: 'phone',
    returnUrl: `${location.origin}/pay`,
    poll: false,
    // Declared below: it runs only after a creation, which only a usable page starts.
    onCreated: (result, chosen) => void payCreated(result, chosen),
    // Official account: the order decided after WeChat's sheet (docs/product/orders-and-statuses.md: ok → /order, fail, cancel).
    onPaid: (order, result) => {
      track('pay.success', result.orderId);
      guard.release();
      // An annual report goes on to its figures, as on the phone's h5 (decision 050): /success reads
      // the stored order (the login proves it is theirs) and keeps it pending until it is filed.
      if (order.declaration_pending) {
        navigate('/success', { replace: true });
        return;
      }
      forgetOrder();
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
  const { payment, payType } = flow;

  // Asked as the page opens (decision 032): a company that already ordered the service is told
  // at once, in the service's words, as after the refusal on 立即办理; the notice stays until the
  // visitor goes home or to the progress (already-ordered-notice.tsx).
  const alreadyOrdered = useAlreadyOrdered(form, () => {
    track('pay.ispaied', form?.entity_id, 'event', { at: 'open' });
  });
  const filedMessage = alreadyOrdered ?? (payment.state.kind === 'filed' ? payment.state.text : null);
  const busy = (payment.state.kind !== 'idle' && payment.state.kind !== 'failed') || !!alreadyOrdered;

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
  useRequest(returned && `${returned.at}:${returned.orderId}`, (signal) => fetchOrderDetail(returned!.orderId, { quiet: true, signal, key: readString('orderKey') }), {
    onData: (order) => {
      // The reload runs start-up, which sends a paid order to /success.
      if (!isPaidStatus(order.status)) return;
      guard.release();
      location.reload();
    },
  });

  /** '立即办理' (or 我已了解，仍要办理 with `goOn`): the order, once the authorisation, if any, is confirmed. */
  const payNow = (goOn = flow.continued) => {
    if (!form || !payType || busy) return;
    // In the mini-program, paying needs the login its mpCode bought; without it, say so and offer to log in again.
    if (platform.host === 'wx-mp' && !readString('token')) {
      track('pay.login_expired', form.goods_id, 'error');
      setLoginMissing(true);
      return;
    }
    // The official account pays through WeChat's bridge only: elsewhere say so now, rather than wait for a bridge that never comes.
    if (platform.host === 'wx-oa' && !isWechatBrowser(navigator.userAgent)) {
      track('pay.needs_wechat', form.goods_id, 'error');
      toast.error(PAY_NEEDS_WECHAT);
      return;
    }
    if (!flow.authorizationNeeded) return flow.createOrder(payType, { precheckContinued: goOn });
    const authorization = flow.confirmAuthorization();
    if (!authorization) {
      document.querySelector('[data-testid="authorization-card"]')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    flow.createOrder(payType, { precheckContinued: goOn, authorization });
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
    if (!form) return;
    rememberOrder(result);
    const handoff = buildMiniProgramPayHandoff(result, { ...form, pay_type: chosen, pay_source: 'jsapi' });
    const opened = await navigateMiniProgram(miniProgramPayUrl(base64Json(handoff)));
    track('pay.handoff', result.orderId, opened ? 'event' : 'error');
    // Back from the mini-program, the tab-return refresh sees the paid order.
    if (!opened) toast.error(errorMessage('PAYMENT_PROVIDER_UNAVAILABLE'));
    payment.reset();
  };

  return {
    form,
    goods,
    flow,
    busy,
    payNow: () => payNow(),
    continueAnyway: () => {
      flow.continuePastPrecheck();
      payNow(true);
    },
    notNeeded: () => {
      flow.leaveAtPrecheck();
      leaveHome();
    },
    askExit,
    exitOpen,
    closeExit: () => setExitOpen(false),
    /** 确定 in the exit dialog. */
    exit: () => {
      setExitOpen(false);
      track('pay.exit', form?.goods_id, 'click');
      leaveHome();
    },
    /** 联系客服 in the exit dialog. */
    contact: () => {
      setExitOpen(false);
      setServiceOpen(true);
      track('pay.exit.contact', form?.goods_id, 'click');
    },
    serviceOpen,
    closeService: () => setServiceOpen(false),
    /**
     * The mini-program's login expired: none at 立即办理, or the server found no payer for in-app
     * payment (WECHAT_LOGIN_EXPIRED). The notice offers 重新登录.
     */
    loginExpired:
      platform.host === 'wx-mp' && (loginMissing || (payment.state.kind === 'failed' && payment.state.code === PAGE_ERRORS.WECHAT_LOGIN_EXPIRED.code)),
    closeLoginExpired: () => {
      setLoginMissing(false);
      payment.reset();
    },
    /** 重新登录: the host's entry page runs wx.login and reopens this web-view with a fresh mpCode (decision 009). */
    logInAgain: async () => {
      track('pay.login_again', form?.goods_id, 'click');
      guard.release();
      if (!(await reLaunchMiniProgram(MINI_PROGRAM_HOME_PAGE))) toast.error(MINI_PROGRAM_RELAUNCH_FAILED);
    },
    /** The service's "already ordered" words while the notice is up; null otherwise. */
    filedMessage,
    /** 查看办理进度 in that notice: /check with the phone the order was placed with. */
    viewProgress: () => {
      guard.release();
      track('pay.ispaied.progress', form?.goods_id, 'click');
      navigate('/check', { replace: true, state: { phone: form?.entity_phone ?? '' } satisfies CheckLocationState });
    },
    leaveHome,
  };
}
