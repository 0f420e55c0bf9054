import { errorMessage, filterPhoneInput, formatShanghaiDateTime, REPORT_COMPANY_MAX_LENGTH, type LookupOrder } from '@kuaibao/domain';
import { useId, useState } from 'react';
import { track } from '../../api/index.ts';
import { latestOwnPhone, ownOrderKey, phoneToken } from '../../own-orders.ts';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast.tsx';
import { lookupOrders, phoneQueryProblem, type LookupOutcome } from '../check/lookup.ts';
import { PhoneVerify } from '../check/phone-verify.tsx';
import styles from './report-form.module.css';

/** The order a complaint is about, as the form sends it: the order's id and this device's proof (decision 049). */
export interface ReportOrder {
  id: string;
  key?: string;
  phone_token?: string;
}

/** The proof this device holds for an order it was shown whole: its own key, else the phone's token. */
export function orderProof(id: string, phone: string): ReportOrder {
  const key = ownOrderKey(id);
  const token = phoneToken(phone);
  return { id, ...(key ? { key } : {}), ...(token ? { phone_token: token } : {}) };
}

const orderLabel = (order: LookupOrder) => `${order.goods_name} · ${order.access === 'full' ? formatShanghaiDateTime(order.create_time).slice(0, 10) : order.create_date}`;

/**
 * 涉及的订单 (docs/decisions/056-complaints-on-the-right-order.md): the visitor types the phone they
 * ordered with and picks the order from the lookup's answer. Orders this device may see whole (its own,
 * or all of a phone verified by SMS code) can be picked; a masked list offers the lookup's SMS block.
 * Without an order the visitor may name the company instead, kept as typed. The server checks the
 * proof again and links nothing it cannot prove.
 */
export function ReportOrderChoice(props: { picked: ReportOrder | null; onPick: (order: ReportOrder | null) => void; company: string; onCompany: (company: string) => void }) {
  const { picked, onPick } = props;
  const [phone, setPhone] = useState(() => latestOwnPhone() ?? '');
  const [outcome, setOutcome] = useState<LookupOutcome | null>(null);
  const [searched, setSearched] = useState('');
  const [busy, setBusy] = useState(false);
  const phoneId = useId();
  const companyId = useId();
  const choiceName = useId();

  const search = async (forPhone = phone) => {
    const problem = phoneQueryProblem(forPhone, 'PHONE_EMPTY');
    if (problem) {
      toast.warn(errorMessage(problem));
      return;
    }
    if (busy) return;
    setBusy(true);
    track('report.order.lookup', '', 'click');
    const answer = await lookupOrders(forPhone);
    setBusy(false);
    if (answer.kind === 'failed') toast.error(answer.text);
    setOutcome(answer);
    setSearched(forPhone);
    onPick(null);
  };

  const orders = outcome?.kind === 'found' ? outcome.orders : [];
  const masked = orders.some((order) => order.access === 'masked');

  return (
    <fieldset className={styles.types} data-testid="report-order">
      <legend className={styles.label}>
        涉及的订单<span className={styles.optional}>（选填，便于专员直接处理）</span>
      </legend>
      <div className={styles.lookupRow}>
        <label htmlFor={phoneId} className="visually-hidden">
          下单手机号
        </label>
        <input
          id={phoneId}
          className={styles.input}
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          placeholder="下单时填写的手机号"
          value={phone}
          onChange={(event) => setPhone(filterPhoneInput(event.target.value).value)}
          data-testid="report-order-phone"
        />
        <Button variant="secondary" disabled={busy} onClick={() => void search()} data-testid="report-order-search">
          查找订单
        </Button>
      </div>

      {outcome?.kind === 'empty' && <p className={styles.hint}>该手机号下没有已支付的订单，可在下方填写涉及的公司名称。</p>}

      {orders.length > 0 && (
        <div className={styles.orders} role="radiogroup" aria-label="选择涉及的订单" data-testid="report-order-list">
          {orders.map((order, index) =>
            order.access === 'full' ? (
              <label key={order.id} className={`${styles.order} ${picked?.id === order.id ? styles.orderChosen : ''}`} data-testid="report-order-option">
                <input type="radio" name={choiceName} className={styles.orderRadio} checked={picked?.id === order.id} onChange={() => onPick(orderProof(order.id, searched))} />
                <span className={styles.orderText}>
                  <span className={styles.orderName}>{order.entity_name}</span>
                  <span className={styles.orderMeta}>{orderLabel(order)}</span>
                </span>
              </label>
            ) : (
              <div key={`masked-${index}`} className={`${styles.order} ${styles.orderLocked}`} data-testid="report-order-masked">
                <span className={styles.orderText}>
                  <span className={styles.orderName}>{order.entity_name}</span>
                  <span className={styles.orderMeta}>{orderLabel(order)} · 验证手机号后可选择</span>
                </span>
              </div>
            ),
          )}
          {orders.some((order) => order.access === 'full') && (
            <label className={`${styles.order} ${picked === null ? styles.orderChosen : ''}`} data-testid="report-order-none">
              <input type="radio" name={choiceName} className={styles.orderRadio} checked={picked === null} onChange={() => onPick(null)} />
              <span className={styles.orderText}>不涉及以上订单</span>
            </label>
          )}
        </div>
      )}

      {masked && searched && (
        <div className={styles.verify}>
          <PhoneVerify phone={searched} source="report" onVerified={() => void search(searched)} />
        </div>
      )}

      {picked === null && (
        <div className={styles.field}>
          <label htmlFor={companyId} className={styles.subLabel}>
            涉及的公司<span className={styles.optional}>（没有可选的订单时填写）</span>
          </label>
          <input
            id={companyId}
            className={styles.input}
            type="text"
            maxLength={REPORT_COMPANY_MAX_LENGTH}
            placeholder="公司或个体工商户名称"
            value={props.company}
            onChange={(event) => props.onCompany(event.target.value)}
            data-testid="report-company"
          />
        </div>
      )}
    </fieldset>
  );
}
