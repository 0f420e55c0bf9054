import { allowedPayTypes, amountLabel, formatYuan, needsAuthorization, paySourceFor, type AuthorizationConfirmation, type Goods, type OrderRecord, type PayType, pageErrorMessage } from '@kuaibao/domain';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from '../router/router.tsx';
import { track } from '../api/index.ts';
import { usePlatform } from '../platform/context.tsx';
import { HonestyNotice } from '../common/honesty-notice.tsx';
import { PayCountdown } from './pay-countdown.tsx';
import { PayMethods } from './pay-methods.tsx';
import { PayQr } from './pay-qr.tsx';
import { PAY_TYPE_LABELS, weixinFirst } from './pay-types.ts';
import { Promises } from './promises.tsx';
import { useNow } from '../common/use-now.ts';
import { ServiceDialog } from '../common/service-dialog.tsx';
import { forgetOrder, rememberOrder, removeKey, type OrderForm } from '../storage.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/modal.tsx';
import styles from './desktop-pay-dialog.module.css';
import { usePayment } from './use-payment.ts';
import { usePublishedAnnualReport } from './annual-report-precheck.ts';
import { PrecheckNotice } from './precheck-notice.tsx';
import { AgreementUpdateDialog } from './agreement-update.tsx';
import { AuthorizationCard, authorizationConfirmation, EMPTY_AUTHORIZATION } from './authorization-card.tsx';
import { useSiteData } from '../site-data.tsx';
import { toast } from '../ui/toast.tsx';

export interface DesktopPayDialogProps {
  form: OrderForm;
  goods: Goods | undefined;
  onClose: () => void;
  /** `editKey`: the paid order's edit key from its creation (decision 012), for the declaration. */
  onPaid: (order: OrderRecord, editKey: string) => void;
}

/**
 * The desktop pay dialog '支付页面' (docs/product/screens.md#payment, docs/product/orders-and-statuses.md): creates a native order on open
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
  const [payType, setPayType] = useState<PayType | ''>(types[0] ?? '');
  // The spec's texts are the annual report's: without a known service, its words (decision 032).
  const goodsType = goods?.goods_type ?? 'license_year';
  const [showAll, setShowAll] = useState(false);
  const [phase, setPhase] = useState<'pay' | 'tip'>('pay');
  const payment = usePayment({
    form,
    goodsType,
    paySource: paySourceFor({ formFactor: 'desktop', inMessenger: platform.inMessenger }),
    poll: phase === 'pay',
    onCreated: rememberOrder,
    onPaid: (order, result) => {
      forgetOrder();
      removeKey('params');
      track('pay.success', result.orderId, 'event', { form_factor: 'desktop' });
      onPaid(order, result.editKey);
    },
    onLeave: () => {
      onClose();
      navigate('/');
    },
  });
  const { state, create } = payment;

  // A cancellation's 授权委托书 comes first (docs/decisions/035-cancellation-authorisation.md): no order, no QR code before it is confirmed.
  const needsAuth = needsAuthorization(goods?.goods_type);
  const [authorizationInput, setAuthorizationInput] = useState(EMPTY_AUTHORIZATION);
  const [authorized, setAuthorized] = useState<AuthorizationConfirmation | null>(null);
  const agentName = useSiteData().config?.operator_name ?? '';
  const withAuthorization = (options: { precheckContinued: boolean }) => (authorized ? { ...options, authorization: authorized } : options);

  // The pre-check (docs/product/annual-report-precheck.md): asked beside the order's creation, never
  // waited for. Once it says the report is published, the QR code waits for an explicit choice.
  const published = usePublishedAnnualReport(form.entity_id, goods?.goods_type, now);
  const [continued, setContinued] = useState(false);
  const choosing = !!published && !continued;
  useEffect(() => {
    if (published) track('pay.precheck.published', form.goods_id, 'event', { year: published.year, form_factor: 'desktop' });
  }, [published, form.goods_id]);

  useEffect(() => {
    track('pay.enter', form.goods_id, 'event', { form_factor: 'desktop' });
  }, [form.goods_id]);

  // The order for the first method is created on open. The form is fixed for the dialog's life.
  const [first] = useState(types[0]);
  useEffect(() => {
    if (first && !needsAuth) create(first);
  }, [first, create, needsAuth]);

  const confirmAuthorization = () => {
    const checked = authorizationConfirmation(authorizationInput, form.entity_legal);
    if (!checked.ok) {
      toast.error(pageErrorMessage(checked.error));
      return;
    }
    setAuthorized(checked.confirmation);
    if (payType) create(payType, { precheckContinued: continued, authorization: checked.confirmation });
  };

  const choose = (type: PayType) => {
    if (type === payType) return;
    setPayType(type);
    create(type, withAuthorization({ precheckContinued: continued }));
  };

  const retry = () => {
    if (payType) create(payType, withAuthorization({ precheckContinued: continued }));
  };

  /** 我已了解，仍要办理: the order is made again, recording the choice, and its QR code shows. */
  const continueAnyway = () => {
    setContinued(true);
    track('pay.precheck.continue', form.goods_id, 'click', { form_factor: 'desktop' });
    if (payType) create(payType, { precheckContinued: true });
  };

  /** 不用办理了: nothing to pay for. */
  const notNeeded = () => {
    track('pay.precheck.leave', form.goods_id, 'click', { form_factor: 'desktop' });
    onClose();
  };

  const close = () => {
    if (state.kind === 'paid' || state.kind === 'leaving') onClose();
    else setPhase('tip');
  };

  // The order's QR code stays up once paid, until the success flow takes over.
  const shown = state.kind === 'ready' || state.kind === 'paid' ? state.result : null;
  const fee = shown ? shown.payFee : (goods?.price_fen ?? 0);
  const visibleTypes = showAll || payType !== types[0] ? types : types.slice(0, 1);
  const payLabel = payType ? `请使用${payType === 'weixin' ? '微信' : '支付宝'}扫码支付` : '';

  return (
    <>
      <Dialog open={phase === 'pay'} onClose={close} title="支付页面" size="lg" testId="pay-dialog">
        <div className={`${styles.layout} ${choosing ? styles.choosing : ''}`}>
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
                <dt>{amountLabel({ goodsType, variant: platform.variant, now })}</dt>
                <dd data-testid="pay-amount">{formatYuan(fee)}</dd>
              </div>
            </dl>
            <PayCountdown goodsType={goodsType} variant={platform.variant} />
            <HonestyNotice compact />
            <Promises goodsType={goodsType} />
          </div>

          {needsAuth && !authorized ? (
            <div className={styles.payBox}>
              <AuthorizationCard
                entityName={form.entity_name}
                creditCode={form.entity_id}
                legalName={form.entity_legal}
                agentName={agentName}
                value={authorizationInput}
                onChange={setAuthorizationInput}
              />
              <Button onClick={confirmAuthorization} disabled={types.length === 0} data-testid="authorization-confirm">
                确认授权并生成支付二维码
              </Button>
            </div>
          ) : choosing && published ? (
            <div className={styles.payBox}>
              <PrecheckNotice report={published}>
                <Button onClick={notNeeded} data-testid="precheck-not-needed">
                  不用办理了
                </Button>
                <Button variant="secondary" disabled={types.length === 0} onClick={continueAnyway} data-testid="precheck-continue">
                  我已了解，仍要办理
                </Button>
              </PrecheckNotice>
            </div>
          ) : (
            <div className={styles.payBox}>
              <div className={styles.qrBox} aria-live="polite">
                {shown && <PayQr result={shown} label={`${PAY_TYPE_LABELS[payType || 'weixin']}二维码`} />}
                {(state.kind === 'creating' || state.kind === 'idle') && <p className={styles.hint}>正在生成支付二维码…</p>}
                {/* Already ordered: said here as well as in the toast, until the dialog closes (decision 032). */}
                {state.kind === 'leaving' && (
                  <p className={styles.hint} data-testid="pay-refused">
                    {state.text}
                  </p>
                )}
                {state.kind === 'failed' && (
                  <div className={styles.retry}>
                    <p>{state.text}</p>
                    <Button variant="secondary" onClick={retry}>
                      重新生成
                    </Button>
                  </div>
                )}
                {types.length === 0 && <p className={styles.hint}>该服务暂无可用的支付方式，请联系客服</p>}
              </div>
              {shown && <p className={styles.scan}>{payLabel}</p>}
              {types.length > 0 && <PayMethods types={visibleTypes} value={payType} onChange={choose} />}
              {types.length > 1 && visibleTypes.length < types.length && (
                <button type="button" className={styles.others} onClick={() => setShowAll(true)} data-testid="pay-other-methods">
                  其他支付方式
                </button>
              )}
            </div>
          )}
        </div>
      </Dialog>
      <AgreementUpdateDialog agreement={state.kind === 'agreement' ? state.agreement : null} onAgree={payment.agreeAndRetry} onClose={onClose} />
      <ServiceDialog
        open={phase === 'tip'}
        onClose={onClose}
        title="温馨提示"
        intro="支付遇到问题？添加客服微信，专人为您解答。"
      />
    </>
  );
}
