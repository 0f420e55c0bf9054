import { formatYuan, INVOICE_TYPE_NAMES, pageErrorMessage, validateInvoiceRequest, type InvoiceForm, type InvoiceType, type InvoiceView } from '@kuaibao/domain';
import { useEffect, useState } from 'react';
import { correctInvoice, fetchInvoice, requestInvoice, type InvoiceProof } from '../../api/invoice-endpoints.ts';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast.tsx';
import styles from './invoice-card.module.css';

const EMPTY: InvoiceForm = { type: 'normal', title: '', tax_number: '', email: '', buyer_address: '', buyer_phone: '', buyer_bank: '', buyer_account: '' };

const FIELDS: Array<{ name: keyof InvoiceForm; label: string; special?: true; inputMode?: 'email' | 'tel' | 'numeric' }> = [
  { name: 'title', label: '发票抬头' },
  { name: 'tax_number', label: '纳税人识别号' },
  { name: 'email', label: '接收邮箱', inputMode: 'email' },
  { name: 'buyer_address', label: '购买方地址', special: true },
  { name: 'buyer_phone', label: '购买方电话', special: true, inputMode: 'tel' },
  { name: 'buyer_bank', label: '开户银行', special: true },
  { name: 'buyer_account', label: '银行账号', special: true, inputMode: 'numeric' },
];

/**
 * 申请发票 (docs/decisions/060-invoices.md): on /checkDetail and after paying, for the visitor who holds the
 * order's proof. Prefilled with the company's name and credit code (both editable); checked by the
 * domain's rules before sending; correctable until issued; the issued file's link once there is one.
 * Its own chunk: the home route never carries it (decision 011).
 */
export default function InvoiceCard({ proof }: { proof: InvoiceProof }) {
  const [view, setView] = useState<InvoiceView | null>(null);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<InvoiceForm>(EMPTY);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);

  // The parents build the proof object each render: the effect follows its values, not its identity.
  const { id, key, phoneToken } = proof;
  useEffect(() => {
    let live = true;
    fetchInvoice({ id, key, phoneToken }).then(
      (answer) => live && setView(answer),
      () => live && setView(null),
    );
    return () => {
      live = false;
    };
  }, [id, key, phoneToken]);

  if (!view) return null;
  const invoice = view.invoice;
  if (!invoice && view.refusal) return null;

  const open = () => {
    setForm(invoice ? { ...invoice } : { ...EMPTY, ...view.prefill });
    setProblem(null);
    setEditing(true);
  };
  const submit = async () => {
    const checked = validateInvoiceRequest(form);
    if (!checked.ok) {
      setProblem({ field: checked.field, text: pageErrorMessage(checked.error) });
      return;
    }
    setSending(true);
    try {
      const answer = invoice ? await correctInvoice(proof, form) : await requestInvoice(proof, form);
      setView(answer);
      setEditing(false);
      toast.info(invoice ? '发票信息已更新' : '发票申请已提交');
    } catch {
      // The client toasted the server's words.
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="invoice-title" data-testid="invoice-card">
      <h3 id="invoice-title" className={styles.title}>
        发票
      </h3>
      {invoice && !editing && (
        <dl className={styles.facts} data-testid="invoice-status">
          <div>
            <dt>状态</dt>
            <dd data-testid="invoice-status-name">{invoice.status_name}</dd>
          </div>
          <div>
            <dt>类型</dt>
            <dd>{invoice.type_name}</dd>
          </div>
          <div>
            <dt>抬头</dt>
            <dd>{invoice.title}</dd>
          </div>
          <div>
            <dt>金额</dt>
            <dd>{formatYuan(invoice.amount_fen)}</dd>
          </div>
        </dl>
      )}
      {invoice?.download_url && !editing && (
        <a className={styles.download} href={invoice.download_url} data-testid="invoice-download">
          下载发票
        </a>
      )}
      {!invoice && !editing && <p className={styles.note}>可开具数电票（普通发票或增值税专用发票），金额为实付金额 {formatYuan(view.amount_fen)}，开具后通过短信和邮件发送下载链接。</p>}
      {!editing && (!invoice || invoice.correctable) && (
        <Button variant="secondary" block onClick={open} data-testid="invoice-open">
          {invoice ? '修改发票信息' : '申请发票'}
        </Button>
      )}
      {editing && (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          data-testid="invoice-form"
        >
          <div className={styles.types} role="radiogroup" aria-label="发票类型">
            {(Object.keys(INVOICE_TYPE_NAMES) as InvoiceType[]).map((type) => (
              <label key={type} className={styles.type}>
                <input type="radio" name="invoice-type" value={type} checked={form.type === type} onChange={() => setForm({ ...form, type })} data-testid={`invoice-type-${type}`} />
                {INVOICE_TYPE_NAMES[type]}
              </label>
            ))}
          </div>
          {FIELDS.filter((field) => !field.special || form.type === 'special').map((field) => (
            <label key={field.name} className={styles.field}>
              <span>{field.label}</span>
              <input
                value={form[field.name] ?? ''}
                inputMode={field.inputMode}
                maxLength={100}
                aria-invalid={problem?.field === field.name || undefined}
                onChange={(event) => setForm({ ...form, [field.name]: event.target.value })}
                data-testid={`invoice-${field.name}`}
              />
            </label>
          ))}
          {problem && (
            <p className={styles.problem} role="alert" data-testid="invoice-problem">
              {problem.text}
            </p>
          )}
          <Button type="submit" block disabled={sending} data-testid="invoice-submit">
            {invoice ? '保存修改' : '提交申请'}
          </Button>
          <Button variant="ghost" block onClick={() => setEditing(false)}>
            取消
          </Button>
        </form>
      )}
    </section>
  );
}
