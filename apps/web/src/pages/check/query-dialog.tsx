import { errorMessage, FEE_LABEL, formatShanghaiDateTime, formatYuan, PROMISES, type LookupOrder, type OrderRecord } from '@kuaibao/domain';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { track } from '../../api/index.ts';
import { useLocation } from '../../router/router.tsx';
import { PAY_TYPE_LABELS } from '../../payment/pay-types.ts';
import { useServiceContact } from '../../common/service-contact.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/modal.tsx';
import { toast } from '../../ui/toast.tsx';
import { ReceiptDialog } from '../order-detail/receipt-dialog.tsx';
import type { CheckLocationState } from './check-page.tsx';
import { lookupOrders, phoneQueryProblem } from './lookup.ts';
import { PhoneField } from './phone-field.tsx';
import { PhoneVerify } from './phone-verify.tsx';
import styles from './query-dialog.module.css';
import { StatusBadge } from './status-badge.tsx';

/** `phone`: the number the shown orders are of (the verification is for it, not for what the input says now). */
type QueryState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; orders: LookupOrder[]; phone: string };

/**
 * The desktop progress lookup (docs/product/screens.md#progress-lookup): a phone, a results table
 * with every column of the spec, status badges ('2' green, '4' orange, else red), 'details'
 * opening the receipt, 'no data yet' when empty, and the query description with the service QR.
 */
export default function QueryDialog({ onClose }: { onClose: () => void }) {
  const { address } = useServiceContact();
  // Opened by /check with a phone (the pay dialog's 查看办理进度): filled in, as the phone's /check does.
  const location = useLocation();
  const [phone, setPhone] = useState(() => (location.state as CheckLocationState | null)?.phone ?? '');
  const [state, setState] = useState<QueryState>({ kind: 'idle' });
  const [receipt, setReceipt] = useState<OrderRecord | null>(null);

  const query = async (asked: string) => {
    setState({ kind: 'busy' });
    const outcome = await lookupOrders(asked);
    if (outcome.kind === 'failed') {
      toast.error(outcome.text);
      setState({ kind: 'done', orders: [], phone: asked });
      return;
    }
    setState({ kind: 'done', orders: outcome.kind === 'found' ? outcome.orders : [], phone: asked });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.kind === 'busy') return;
    const problem = phoneQueryProblem(phone, 'QUERY_PHONE_EMPTY');
    if (problem) {
      toast.warn(errorMessage(problem));
      return;
    }
    track('query.submit', '', 'click', { form_factor: 'desktop' });
    await query(phone);
  };

  const orders = state.kind === 'done' ? state.orders : [];
  // Some orders are masked (decision 049): the SMS code shows them whole.
  const maskedOf = state.kind === 'done' && orders.some((order) => order.access === 'masked') ? state.phone : null;
  return (
    <>
      <Dialog open onClose={onClose} title="进度查询" size="lg" className={styles.dialog} testId="query-dialog">
        <div className={styles.layout}>
          <div className={styles.top}>
            <form className={styles.search} onSubmit={(event) => void submit(event)} noValidate aria-label="按手机号码查询">
              <PhoneField value={phone} onChange={setPhone} placeholder="请输入下单时填写的手机号码" testId="query-phone" />
              <Button type="submit" disabled={state.kind === 'busy'} data-testid="query-submit" data-autofocus>
                查询
              </Button>
            </form>
            <aside className={styles.help} aria-labelledby="query-help-title" data-testid="query-description">
              <div>
                <h3 id="query-help-title" className={styles.helpTitle}>
                  查询说明
                </h3>
                <ul className={styles.helpList}>
                  <li>输入下单时填写的手机号码，即可查看该号码下已支付订单的办理进度。</li>
                  <li>
                    {PROMISES[1]}，{PROMISES[2]}。
                  </li>
                  <li>查不到订单或有疑问，请微信扫码添加客服。</li>
                </ul>
              </div>
              {address && (
                <figure className={styles.qrBox}>
                  <QRCodeSVG value={address} size={104} marginSize={2} title="客服微信二维码" data-testid="query-service-qr" />
                  <figcaption>微信扫码添加客服</figcaption>
                </figure>
              )}
            </aside>
          </div>
          <p className="visually-hidden" role="status" aria-live="polite">
            {state.kind === 'done' ? (orders.length > 0 ? `查询到 ${orders.length} 笔订单` : '暂无数据') : ''}
          </p>
          <div className={styles.tableWrap} role="region" aria-label="查询结果" tabIndex={0}>
            <table className={styles.table} data-testid="query-table">
              <thead>
                <tr>
                  <th scope="col">企业名称 / 统一社会信用代码</th>
                  <th scope="col">法定代表人</th>
                  <th scope="col">联系电话</th>
                  <th scope="col">下单时间</th>
                  <th scope="col">订单编号</th>
                  <th scope="col">支付方式 / {FEE_LABEL}</th>
                  <th scope="col">办理状态</th>
                  <th scope="col">操作</th>
                </tr>
              </thead>
              <tbody>
                {orders.length === 0 ? (
                  <tr>
                    <td colSpan={8} className={styles.empty} data-testid="query-empty">
                      {state.kind === 'busy' ? '正在查询…' : '暂无数据'}
                    </td>
                  </tr>
                ) : (
                  orders.map((order, index) =>
                    order.access === 'full' ? (
                      <tr key={order.id} data-testid="query-row">
                        <td className={styles.company}>
                          <span className={styles.name}>{order.entity_name}</span>
                          <span className={styles.code}>{order.entity_id}</span>
                        </td>
                        <td>{order.entity_legal || '—'}</td>
                        <td className={styles.nowrap}>{order.entity_phone}</td>
                        <td className={styles.nowrap}>{formatShanghaiDateTime(order.create_time)}</td>
                        <td className={styles.nowrap} data-testid="query-order-no">
                          {order.out_trade_no}
                        </td>
                        <td className={styles.nowrap}>
                          <span className={styles.payType}>{PAY_TYPE_LABELS[order.pay_type] ?? order.pay_type}</span>
                          <span className={styles.amount}>{formatYuan(order.total_fee)}</span>
                        </td>
                        <td>
                          <StatusBadge status={order.process_status} name={order.process_status_name} />
                        </td>
                        <td>
                          <button
                            type="button"
                            className={styles.details}
                            onClick={() => {
                              track('query.details', order.goods_type, 'click');
                              const { access: _whole, ...record } = order;
                              setReceipt(record);
                            }}
                            data-testid="query-details"
                            aria-label={`查看${order.entity_name}订单${order.out_trade_no}的详情`}
                          >
                            详情
                          </button>
                        </td>
                      </tr>
                    ) : (
                      <tr key={`masked-${index}`} data-testid="query-row" data-access="masked">
                        <td className={styles.company}>
                          <span className={styles.name}>{order.entity_name}</span>
                          <span className={styles.code}>{order.goods_name}</span>
                        </td>
                        <td>—</td>
                        <td>—</td>
                        <td className={styles.nowrap}>{order.create_date}</td>
                        <td>—</td>
                        <td>—</td>
                        <td>
                          <StatusBadge status={order.process_status} name={order.process_status_name} />
                        </td>
                        <td>—</td>
                      </tr>
                    ),
                  )
                )}
              </tbody>
            </table>
          </div>
          {maskedOf && <PhoneVerify phone={maskedOf} source="query" onVerified={() => void query(maskedOf)} />}
        </div>
      </Dialog>
      <ReceiptDialog order={receipt} open={receipt !== null} onClose={() => setReceipt(null)} />
    </>
  );
}
