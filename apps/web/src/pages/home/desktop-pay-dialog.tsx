import {
  allowedPayTypes,
  amountLabel,
  formatYuan,
  isPaidStatus,
  PAY_POLL_MS,
  paySourceFor,
  REDIRECT_DELAY_MS,
  type CreateOrderResult,
  type Goods,
  type OrderRecord,
  type PayType,
} from '@kuaibao/domain';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from '../../router/router.tsx';
import { fetchOrderDetail } from '../../api/endpoints.ts';
import { track } from '../../api/index.ts';
import { usePlatform } from '../../platform/context.tsx';
import { HonestyNotice } from '../../common/honesty-notice.tsx';
import { PayCountdown } from '../../common/pay-countdown.tsx';
import { PayMethods } from '../../common/pay-methods.tsx';
import { PayQr } from '../../common/pay-qr.tsx';
import { PAY_TYPE_LABELS, weixinFirst } from '../../common/pay-types.ts';
import { placeOrder } from '../../common/place-order.ts';
import { Promises } from '../../common/promises.tsx';
import { useNow } from '../../common/use-now.ts';
import { ServiceDialog } from '../../common/service-dialog.tsx';
import { forgetOrder, rememberOrder, removeKey, type OrderForm } from '../../storage.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/modal.tsx';
import { toast } from '../../ui/toast.tsx';
import styles from './desktop-pay-dialog.module.css';

type PayState =
  | { kind: 'creating' }
  | { kind: 'ready'; result: CreateOrderResult }
  | { kind: 'error'; text: string }
  | { kind: 'leaving' };

export interface DesktopPayDialogProps {
  form: OrderForm;
  goods: Goods | undefined;
  onClose: () => void;
  /** `editKey`: the paid order's edit key from its creation (decision 012), for the declaration. */
  onPaid: (order: OrderRecord, editKey: string) => void;
}

/**
 * The desktop pay dialog '支付页面' (spec §2 "Payment", §4): creates a native order on open
 * with the first method, recreates it on a method change, polls the order every second and
 * hands over to the success flow once it is paid. Closing unpaid shows the service tip.
 */
export default function DesktopPayDialog({ form, goods, onClose, onPaid }: DesktopPayDialogProps) {
  const platform = usePlatform();
  const now = useNow();
  const navigate = useNavigate();
  const types = useMemo(
    () => weixinFirst(allowedPayTypes({ platform: platform.platform, os: platform.os, goodsPayTypes: goods?.pay_type ?? '' })),
    [goods?.pay_type, platform.os, platform.platform],
  );
  // Each new object is one order creation: a method change or a retry.
  const [request, setRequest] = useState<{ payType: PayType | '' }>(() => ({ payType: types[0] ?? '' }));
  const { payType } = request;
  const [showAll, setShowAll] = useState(false);
  const [state, setState] = useState<PayState>({ kind: 'creating' });
  const [phase, setPhase] = useState<'pay' | 'tip'>('pay');
  const paid = useRef(false);
  // The parent's callbacks change identity on every render; effects use the latest through refs.
  const onPaidRef = useRef(onPaid);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onPaidRef.current = onPaid;
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    track('pay.enter', form.goods_id, 'event', { form_factor: 'desktop' });
  }, [form.goods_id]);

  // Create (or recreate) the order for the chosen method.
  useEffect(() => {
    const type = request.payType;
    if (!type) return;
    let live = true;
    let leaveTimer: ReturnType<typeof setTimeout> | undefined;
    void placeOrder({
      form,
      payType: type,
      paySource: paySourceFor({ formFactor: 'desktop', inMessenger: platform.inMessenger }),
    }).then((outcome) => {
      if (!live) return;
      if (outcome.kind === 'created') {
        rememberOrder(outcome.result);
        setState({ kind: 'ready', result: outcome.result });
      } else if (outcome.kind === 'error') {
        setState({ kind: 'error', text: outcome.text });
      } else {
        toast.info(outcome.text);
        setState({ kind: 'leaving' });
        leaveTimer = setTimeout(() => {
          onCloseRef.current();
          navigate('/');
        }, REDIRECT_DELAY_MS);
      }
    });
    return () => {
      live = false;
      clearTimeout(leaveTimer);
    };
    // The form is fixed for the dialog's life: a method change or a retry recreates the order.
  }, [request, form, platform.inMessenger, navigate]);

  // Poll the order while its QR code is shown.
  const orderId = state.kind === 'ready' ? state.result.orderId : null;
  const editKey = state.kind === 'ready' ? state.result.editKey : '';
  useEffect(() => {
    if (!orderId || phase !== 'pay') return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const poll = async () => {
      try {
        const order = await fetchOrderDetail(orderId, { quiet: true, signal: controller.signal });
        if (!live) return;
        if (isPaidStatus(order.status)) {
          paid.current = true;
          forgetOrder();
          removeKey('params');
          track('pay.success', orderId, 'event', { form_factor: 'desktop' });
          onPaidRef.current(order, editKey);
          return;
        }
      } catch {
        // polling failures are only missed polls (spec §8)
      }
      if (live) timer = setTimeout(poll, PAY_POLL_MS);
    };
    timer = setTimeout(poll, PAY_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, [orderId, editKey, phase]);

  const choose = (type: PayType) => {
    if (type === payType) return;
    setState({ kind: 'creating' });
    setRequest({ payType: type });
  };

  const retry = () => {
    setState({ kind: 'creating' });
    setRequest((current) => ({ ...current }));
  };

  const close = () => {
    if (paid.current || state.kind === 'leaving') onClose();
    else setPhase('tip');
  };

  const fee = state.kind === 'ready' ? state.result.payFee : (goods?.price_fen ?? 0);
  const visibleTypes = showAll || payType !== types[0] ? types : types.slice(0, 1);
  const payLabel = payType ? `请使用${payType === 'weixin' ? '微信' : '支付宝'}扫码支付` : '';

  return (
    <>
      <Dialog open={phase === 'pay'} onClose={close} title="支付页面" size="lg" testId="pay-dialog">
        <div className={styles.layout}>
          <div className={styles.info}>
            <dl className={styles.fields}>
              <div>
                <dt>企业名称</dt>
                <dd data-testid="pay-company-name">{form.entity_name}</dd>
              </div>
              <div>
                <dt>统一社会信用代码</dt>
                <dd>{form.entity_id}</dd>
              </div>
              <div>
                <dt>法定代表人</dt>
                <dd>{form.entity_legal || '—'}</dd>
              </div>
              <div>
                <dt>联系电话</dt>
                <dd>{form.entity_phone}</dd>
              </div>
              <div>
                <dt>办理业务</dt>
                <dd>{goods?.goods_name ?? '—'}</dd>
              </div>
              <div className={styles.amount}>
                <dt>{amountLabel({ variant: platform.variant, now })}</dt>
                <dd data-testid="pay-amount">{formatYuan(fee)}</dd>
              </div>
            </dl>
            <PayCountdown variant={platform.variant} />
            <HonestyNotice compact />
            <Promises />
          </div>

          <div className={styles.payBox}>
            <div className={styles.qrBox} aria-live="polite">
              {state.kind === 'ready' && <PayQr result={state.result} label={`${PAY_TYPE_LABELS[payType || 'weixin']}二维码`} />}
              {state.kind === 'creating' && <p className={styles.hint}>正在生成支付二维码…</p>}
              {state.kind === 'error' && (
                <div className={styles.retry}>
                  <p>{state.text}</p>
                  <Button variant="secondary" onClick={retry}>
                    重新生成
                  </Button>
                </div>
              )}
              {types.length === 0 && <p className={styles.hint}>该服务暂无可用的支付方式，请联系客服</p>}
            </div>
            {state.kind === 'ready' && <p className={styles.scan}>{payLabel}</p>}
            {types.length > 0 && <PayMethods types={visibleTypes} value={payType} onChange={choose} />}
            {types.length > 1 && visibleTypes.length < types.length && (
              <button type="button" className={styles.others} onClick={() => setShowAll(true)} data-testid="pay-other-methods">
                其他支付方式
              </button>
            )}
          </div>
        </div>
      </Dialog>
      <ServiceDialog
        open={phase === 'tip'}
        onClose={onClose}
        title="温馨提示"
        intro="支付遇到问题？添加客服微信，专人为您解答。"
      />
    </>
  );
}
