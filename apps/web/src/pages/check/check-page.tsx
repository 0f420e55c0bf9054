import { errorMessage, PROMISES } from '@kuaibao/domain';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from '../../router/router.tsx';
import { track } from '../../api/index.ts';
import { NeverAskNotice } from '../../common/honesty-notice.tsx';
import { useGoBack } from '../../common/use-go-back.ts';
import { latestOwnPhone } from '../../own-orders.ts';
import { readString, writeString } from '../../storage.ts';
import { useHydrating } from '../../site-data.tsx';
import { UntilHydrated } from '../../ui/until-hydrated.tsx';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { toast } from '../../ui/toast.tsx';
import styles from './check-page.module.css';
import { ContactAgent } from './contact-agent.tsx';
import { ContactInline } from '../../common/contact-inline.tsx';
import { useServiceContact } from '../../common/service-contact.ts';
import { phoneQueryProblem } from './lookup.ts';
import { PhoneField } from './phone-field.tsx';

/** What /checkDetail hands back with 'no record' or a failure, so the number is not lost. */
export interface CheckLocationState {
  phone?: string;
}

/**
 * /check (docs/product/screens.md, docs/product/orders-and-statuses.md#progress-query): a phone number, 'view order progress' saves it and
 * opens /checkDetail. A number already saved (from here or from leaving the receipt) goes
 * there at once.
 */
export default function CheckPage() {
  const navigate = useNavigate();
  const goBack = useGoBack();
  const location = useLocation();
  // A pure read at mount: StrictMode may run initialisers twice.
  const [saved] = useState(() => Boolean(readString('checkPhone')));
  // The number handed back, else the one this device last ordered with (own-orders.ts): after paying, the visitor need not type it.
  const [phone, setPhone] = useState(() => (location.state as CheckLocationState | null)?.phone ?? latestOwnPhone() ?? '');
  // The prerendered page hydrates first (its HTML has the form); a saved number forwards right after.
  const hydrating = useHydrating();
  const service = useServiceContact();

  if (saved && !hydrating) return <Navigate to="/checkDetail" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = phoneQueryProblem(phone, 'PHONE_EMPTY');
    if (problem) {
      toast.warn(errorMessage(problem));
      return;
    }
    track('check.submit', '', 'click');
    writeString('checkPhone', phone);
    navigate('/checkDetail');
  };

  return (
    <div className={styles.page} data-testid="check-page">
      <PageHeader title="进度查询" onBack={goBack} />
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby="check-heading">
          <h2 id="check-heading" className={styles.heading}>
            查询办理进度
          </h2>
          <p className={styles.lead}>输入下单时填写的手机号码，查看该手机号下订单的办理进度。</p>
          <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="check-heading">
            <UntilHydrated>
              <PhoneField value={phone} onChange={setPhone} />
              <Button type="submit" size="lg" block data-testid="check-submit">
                查看订单进度
              </Button>
            </UntilHydrated>
          </form>
          <ContactAgent mode="link" source="check" />
        </section>
        <p className={styles.note}>{PROMISES[2]}。</p>
        {/* The invitation comes with the contact itself, and only once hydrated: the prerendered HTML has no contact (decision 028). */}
        {!hydrating && service.available && (
          <p className={styles.note} data-testid="check-contact-note">
            如有疑问，可随时联系客服：
            <ContactInline source="check.note" testId="check-contact" />
          </p>
        )}
        <NeverAskNotice />
      </main>
    </div>
  );
}
