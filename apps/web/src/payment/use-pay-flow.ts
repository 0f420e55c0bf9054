import { allowedPayTypes, FEE_LABEL, needsAuthorization, pageErrorMessage, paySourceFor, type AuthorizationConfirmation, type Goods, type PayType } from '@kuaibao/domain';
import { useEffect, useMemo, useState } from 'react';
import { track } from '../api/index.ts';
import { useNow } from '../common/use-now.ts';
import { usePlatform } from '../platform/context.tsx';
import { useSiteData } from '../site-data.tsx';
import { emptyOrderForm, type OrderForm } from '../storage.ts';
import { toast } from '../ui/toast.tsx';
import { useAnnualReportCheck } from './annual-report-precheck.ts';
import { authorizationConfirmation, EMPTY_AUTHORIZATION } from './authorization-card.tsx';
import { weixinFirst } from './pay-types.ts';
import { usePayment, type CreateOptions, type PaymentOptions } from './use-payment.ts';

export type PayFlowOptions = Omit<PaymentOptions, 'form' | 'goodsType' | 'paySource'> & {
  /** The order form; null while there is nothing to pay (a phone /pay about to go home): nothing is asked then. */
  form: OrderForm | null;
  goods: Goods | undefined;
  formFactor: 'phone' | 'desktop';
};

/**
 * What the phone's /pay and the desktop pay dialog share (docs/product/screens.md#payment): the
 * methods allowed here, the payment (use-payment.ts), the pre-check's choice
 * (docs/product/annual-report-precheck.md) and a cancellation's 授权委托书
 * (docs/decisions/035-cancellation-authorisation.md). The pages add how they show and leave it.
 */
export function usePayFlow({ form, goods, formFactor, ...paymentOptions }: PayFlowOptions) {
  const platform = usePlatform();
  const now = useNow();
  const types = useMemo(() => {
    const allowed = allowedPayTypes({ platform: platform.platform, os: platform.os, goodsPayTypes: goods?.pay_type ?? '' });
    // The desktop dialog lists weixin first (docs/product/screens.md#payment).
    return formFactor === 'desktop' ? weixinFirst(allowed) : allowed;
  }, [goods?.pay_type, platform.os, platform.platform, formFactor]);
  const [payType, setPayType] = useState<PayType | ''>(types[0] ?? '');
  // The spec's texts are the annual report's: without a known service, its words (decision 032).
  const goodsType = goods?.goods_type ?? 'license_year';
  const payment = usePayment({
    form: form ?? emptyOrderForm(platform.platform),
    goodsType,
    paySource: paySourceFor({ formFactor, inMessenger: platform.inMessenger }),
    ...paymentOptions,
  });

  const active = form !== null;
  const goodsId = form?.goods_id;
  useEffect(() => {
    if (active) track('pay.enter', goodsId, 'event', { form_factor: formFactor });
  }, [active, goodsId, formFactor]);

  // The pre-check: asked beside the page, never waited for. Once it says the report is published,
  // paying becomes an explicit choice (不用办理了 or 我已了解，仍要办理).
  const check = useAnnualReportCheck(form?.entity_id, goods?.goods_type, now);
  const published = check?.published ? check : null;
  const [continued, setContinued] = useState(false);
  useEffect(() => {
    if (published) track('pay.precheck.published', goodsId, 'event', { year: published.year, form_factor: formFactor });
  }, [published, goodsId, formFactor]);

  // A cancellation's 授权委托书: confirmed before any order is made.
  const authorizationNeeded = needsAuthorization(goods?.goods_type);
  const [authorizationInput, setAuthorizationInput] = useState(EMPTY_AUTHORIZATION);
  const [authorized, setAuthorized] = useState<AuthorizationConfirmation | null>(null);
  const siteConfig = useSiteData().config;
  const agentName = siteConfig?.operator_name ?? '';
  const agentCreditCode = siteConfig?.operator_credit_code ?? '';

  /** The typed authorisation's confirmation, or null after saying what is missing. */
  const confirmAuthorization = (): AuthorizationConfirmation | null => {
    const checked = authorizationConfirmation(authorizationInput, form?.entity_legal ?? '');
    if (!checked.ok) {
      toast.error(pageErrorMessage(checked.error));
      return null;
    }
    setAuthorized(checked.confirmation);
    return checked.confirmation;
  };

  return {
    platform,
    goodsType,
    /** The fee's label: our price is 代办服务费 for every service, palette and date. */
    amountLabel: FEE_LABEL,
    /** The filing year the pre-check found not published (the only case the countdown says 逾期), else null. */
    unpublishedYear: check && !check.published ? check.year : null,
    types,
    payType,
    setPayType,
    payment,
    /** The published report the pre-check found, and whether the visitor has yet to choose. */
    published,
    continued,
    choosing: !!published && !continued,
    authorizationNeeded,
    authorized,
    /** The 授权委托书's props, when this service needs one. */
    authorizationCard:
      authorizationNeeded && form
        ? { entityName: form.entity_name, creditCode: form.entity_id, legalName: form.entity_legal, agentName, agentCreditCode, value: authorizationInput, onChange: setAuthorizationInput }
        : null,
    confirmAuthorization,
    /** Creates the order for `type` with the choices made so far (past the pre-check, the authorisation); `choice` overrides them. */
    createOrder: (type: PayType, choice: CreateOptions = {}) =>
      payment.create(type, { precheckContinued: continued, ...(authorized ? { authorization: authorized } : {}), ...choice }),
    /** 我已了解，仍要办理: the visitor knows better (e.g. to correct a filed report). The caller pays next. */
    continuePastPrecheck: () => {
      setContinued(true);
      track('pay.precheck.continue', goodsId, 'click', { form_factor: formFactor });
    },
    /** 不用办理了: nothing to pay for. The caller leaves next. */
    leaveAtPrecheck: () => track('pay.precheck.leave', goodsId, 'click', { form_factor: formFactor }),
  };
}

export type PayFlow = ReturnType<typeof usePayFlow>;
