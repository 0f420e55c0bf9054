import { DEFAULT_REPORT_TYPE, errorMessage, NOTICES, REPORT_NEXT_STEPS, REPORT_TEXT_MAX_LENGTH, REPORT_TYPES, reportTextLength, validateReport, type ReportType, pageErrorMessage } from '@kuaibao/domain';
import { useId, useState, type FormEvent } from 'react';
import { submitFeedback } from '../../api/order-endpoints.ts';
import { track } from '../../api/index.ts';
import { useServiceContact } from '../../common/service-contact.ts';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast.tsx';
import { UntilHydrated } from '../../ui/until-hydrated.tsx';
import styles from './report-form.module.css';
import { ReportOrderChoice, type ReportOrder } from './report-order.tsx';

/** Cuts a text to the limit in characters (as the domain counts them), saying so when it had to. */
function capped(value: string): string {
  if (reportTextLength(value) <= REPORT_TEXT_MAX_LENGTH) return value;
  toast.warn(errorMessage('EXCEEDS_LENGTH'));
  return Array.from(value).slice(0, REPORT_TEXT_MAX_LENGTH).join('');
}

/**
 * The platform report (docs/product/screens.md#report-screen, docs/product/data.md, docs/product/validation.md): three type chips (the first chosen),
 * the reason with a live counter to 500, an optional contact (500), submit. The rules are the
 * domain's validateReport; the server checks them again. Shared by /report and the desktop dialog.
 * Once sent, the form gives way to what happens next (REPORT_NEXT_STEPS) and the contact; 返回 then
 * leaves (`onSubmitted`).
 */
export function ReportForm({ onSubmitted }: { onSubmitted: () => void }) {
  const [type, setType] = useState<ReportType>(DEFAULT_REPORT_TYPE);
  const [sent, setSent] = useState<ReportType | null>(null);
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [order, setOrder] = useState<ReportOrder | null>(null);
  const [company, setCompany] = useState('');
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const reasonId = useId();
  const counterId = useId();
  const contactId = useId();
  const typeName = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validateReport({ type, content, contact, company: order ? '' : company });
    if (!checked.ok) {
      toast.warn(pageErrorMessage(checked.error));
      return;
    }
    track('report.submit', checked.value.type, 'click');
    setBusy(true);
    try {
      // The order picked (with this device's proof), else the company named (decision 056).
      await submitFeedback({ ...checked.value, ...(order ? { order } : {}) });
    } catch {
      // the request client has shown the reason; the text stays for another try
      setBusy(false);
      return;
    }
    track('report.submitted', checked.value.type);
    toast.info(NOTICES.SUBMITTED);
    setSent(checked.value.type);
  };

  if (sent) return <ReportSent type={sent} onDone={onSubmitted} />;
  return (
    // The order choice holds the lookup's SMS form (PhoneVerify), and forms do not nest: it sits
    // after the report's form, whose submit button names the form it submits.
    <div className={styles.form}>
      <UntilHydrated>
        <form id={formId} className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="平台举报" data-testid="report-form">
          <fieldset className={styles.types}>
            <legend className={styles.label}>问题类型</legend>
            <div className={styles.chips}>
              {REPORT_TYPES.map((item) => (
                <label key={item} className={`${styles.chip} ${item === type ? styles.chosen : ''}`} data-testid="report-type">
                  <input
                    type="radio"
                    name={typeName}
                    value={item}
                    checked={item === type}
                    onChange={() => setType(item)}
                    className={styles.radio}
                  />
                  {item}
                </label>
              ))}
            </div>
          </fieldset>

          <div className={styles.field}>
            <label htmlFor={reasonId} className={styles.label}>
              举报原因<span aria-hidden="true" className={styles.required}>*</span>
            </label>
            <div className={styles.areaBox}>
              <textarea
                id={reasonId}
                className={styles.area}
                rows={6}
                placeholder="请描述您遇到的问题，例如对方冒充本平台收费的时间、金额和联系方式"
                value={content}
                onChange={(event) => setContent(capped(event.target.value))}
                aria-describedby={counterId}
                data-testid="report-content"
              />
              <span id={counterId} className={styles.counter} data-testid="report-counter">
                <span className="visually-hidden">已输入字数</span>
                {reportTextLength(content)}/{REPORT_TEXT_MAX_LENGTH}
              </span>
            </div>
          </div>

          <div className={styles.field}>
            <label htmlFor={contactId} className={styles.label}>
              联系方式<span className={styles.optional}>（选填）</span>
            </label>
            <input
              id={contactId}
              className={styles.input}
              type="text"
              inputMode="text"
              autoComplete="tel"
              placeholder="手机号或微信号，便于我们核实回访"
              value={contact}
              onChange={(event) => setContact(capped(event.target.value))}
              data-testid="report-contact"
            />
          </div>
        </form>
        <ReportOrderChoice picked={order} onPick={setOrder} company={company} onCompany={setCompany} />
        <Button type="submit" form={formId} size="lg" block disabled={busy} data-testid="report-submit">
          提交
        </Button>
      </UntilHydrated>
    </div>
  );
}

/** After sending: who reads it, how the answer comes, and the contact for anything urgent. */
function ReportSent({ type, onDone }: { type: ReportType; onDone: () => void }) {
  const service = useServiceContact();
  return (
    <div className={styles.sent} role="status" data-testid="report-sent">
      <p className={styles.sentTitle}>{NOTICES.SUBMITTED}</p>
      <p data-testid="report-next-steps">{REPORT_NEXT_STEPS[type]}</p>
      {service.phone && (
        <p>
          着急的话，可直接拨打客服电话 <a href={`tel:${service.phone}`}>{service.phone}</a>
        </p>
      )}
      <Button size="lg" block onClick={onDone} data-testid="report-done">
        返回
      </Button>
    </div>
  );
}
