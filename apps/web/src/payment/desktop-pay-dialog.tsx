import { formatYuan, representativeLabel } from '@kuaibao/domain';
import { HonestyNotice } from '../common/honesty-notice.tsx';
import { PayCountdown } from './pay-countdown.tsx';
import { PayMethods } from './pay-methods.tsx';
import { PayQr } from './pay-qr.tsx';
import { PAY_TYPE_LABELS } from './pay-types.ts';
import { Promises } from './promises.tsx';
import { ServiceDialog } from '../common/service-dialog.tsx';
import { useServiceContact } from '../common/service-contact.ts';
import { ContactInline } from '../common/contact-inline.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/modal.tsx';
import styles from './desktop-pay-dialog.module.css';
import { PrecheckNotice } from './precheck-notice.tsx';
import { AgreementUpdateDialog } from './agreement-update.tsx';
import { AuthorizationCard } from './authorization-card.tsx';
import { useDesktopPay, type DesktopPayOptions } from './use-desktop-pay.ts';
import { OperatorLine } from '../ui/site-footer.tsx';

/**
 * The desktop pay dialog '支付页面' (docs/product/screens.md#payment, docs/product/orders-and-statuses.md): the company, the
 * amount and the order's QR code with the methods (use-desktop-pay.ts). Closing it unpaid shows the service tip.
 */
export default function DesktopPayDialog(props: DesktopPayOptions) {
  const { form, goods, onClose } = props;
  const pay = useDesktopPay(props);
  const service = useServiceContact();
  const { flow, shown, visibleTypes } = pay;
  const { platform, goodsType, types, payType, published } = flow;
  const { state } = flow.payment;
  const payLabel = payType ? `请使用${payType === 'weixin' ? '微信' : '支付宝'}扫码支付` : '';

  return (
    <>
      <Dialog open={pay.phase === 'pay'} onClose={pay.close} title="支付页面" size="lg" testId="pay-dialog">
        <div className={`${styles.layout} ${flow.choosing ? styles.choosing : ''}`}>
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
                <dt>{representativeLabel(form.entity_id)}</dt>
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
                <dt>{flow.amountLabel}</dt>
                <dd data-testid="pay-amount">{formatYuan(pay.fee)}</dd>
              </div>
            </dl>
            <PayCountdown goodsType={goodsType} variant={platform.variant} unpublishedYear={flow.unpublishedYear} />
            <HonestyNotice compact goodsType={goodsType} />
            <Promises goodsType={goodsType} />
            <OperatorLine />
          </div>

          {flow.authorizationCard && !flow.authorized ? (
            <div className={styles.payBox}>
              <AuthorizationCard {...flow.authorizationCard} />
              <Button onClick={pay.confirmAuthorization} disabled={types.length === 0} data-testid="authorization-confirm">
                确认授权并生成支付二维码
              </Button>
            </div>
          ) : flow.choosing && published ? (
            <div className={styles.payBox}>
              <PrecheckNotice report={published}>
                <Button onClick={pay.notNeeded} data-testid="precheck-not-needed">
                  不用办理了
                </Button>
                <Button variant="secondary" disabled={types.length === 0} onClick={pay.continueAnyway} data-testid="precheck-continue">
                  我已了解，仍要办理
                </Button>
              </PrecheckNotice>
            </div>
          ) : (
            <div className={styles.payBox}>
              <div className={styles.qrBox} aria-live="polite">
                {shown && <PayQr result={shown} label={`${PAY_TYPE_LABELS[payType || 'weixin']}二维码`} />}
                {(state.kind === 'creating' || state.kind === 'idle') && <p className={styles.hint}>正在生成支付二维码…</p>}
                {/* Another refusal: said here as well as in the toast, until the dialog goes home (decision 032). */}
                {state.kind === 'leaving' && (
                  <p className={styles.hint} data-testid="pay-refused">
                    {state.text}
                  </p>
                )}
                {/* Already ordered: kept until the dialog closes, with the way to the order's progress. */}
                {state.kind === 'filed' && (
                  <div className={styles.retry} data-testid="pay-refused">
                    <p>{state.text}</p>
                    <p>这家企业今年已下单办理此项服务，无需重复付款。</p>
                    <Button onClick={pay.viewProgress} data-testid="already-ordered-progress">
                      查看办理进度
                    </Button>
                  </div>
                )}
                {state.kind === 'failed' && (
                  <div className={styles.retry}>
                    <p>{state.text}</p>
                    <Button variant="secondary" onClick={pay.retry}>
                      重新生成
                    </Button>
                  </div>
                )}
                {types.length === 0 && (
                  <p className={styles.hint}>
                    该服务暂无可用的支付方式{service.available ? '，请联系客服：' : ''}
                    <ContactInline source="pay.none" testId="pay-none-contact" />
                  </p>
                )}
              </div>
              {shown && <p className={styles.scan}>{payLabel}</p>}
              {types.length > 0 && <PayMethods types={visibleTypes} value={payType} onChange={pay.choose} />}
              {types.length > 1 && visibleTypes.length < types.length && (
                <button type="button" className={styles.others} onClick={pay.showAllTypes} data-testid="pay-other-methods">
                  其他支付方式
                </button>
              )}
            </div>
          )}
        </div>
      </Dialog>
      <AgreementUpdateDialog agreement={state.kind === 'agreement' ? state.agreement : null} onAgree={flow.payment.agreeAndRetry} onClose={onClose} />
      <ServiceDialog
        open={pay.phase === 'tip'}
        onClose={onClose}
        title="温馨提示"
        intro={service.address ? '支付遇到问题？添加客服微信，专人为您解答。' : '支付遇到问题？请拨打客服电话，专人为您解答。'}
      />
    </>
  );
}
