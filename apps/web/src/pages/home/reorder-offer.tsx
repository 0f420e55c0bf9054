import { maskPhone, reorderButtonText, type Goods, type ReorderCompany, type ReorderResponse } from '@kuaibao/domain';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { fetchReorderOffers } from '../../api/reorder-endpoints.ts';
import { ownOrderKeys, verifiedPhones } from '../../own-orders.ts';
import type { OrderForm } from '../../storage.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorBoundary } from '../../ui/error-boundary.tsx';
import styles from './reorder-offer.module.css';
import { ReorderLink } from './reorder-link.tsx';
import { reorderForm } from './reorder-form.ts';

// The phone + SMS code path: its own chunk, loaded when a visitor on another device asks for it.
const ReorderPhone = lazy(() => import('./reorder-phone.tsx'));

/**
 * The reorder in two taps (docs/decisions/066-reorder-in-two-taps.md), its own chunk (reorder-entry.tsx
 * loads it for a device that holds a proof, or once the link is tapped): a device that holds its orders'
 * keys or a verified phone's token asks for its companies, and 为该企业办理…年度年报 fills the form with
 * one (the ID number stays empty, to be typed). Another device verifies the phone by SMS code first.
 */
export default function ReorderOffer({ goods, onUse, startWithPhone }: { goods: readonly Goods[]; onUse: (fill: (current: OrderForm) => OrderForm) => void; startWithPhone: boolean }) {
  const [offer, setOffer] = useState<ReorderResponse | null>(null);
  const [used, setUsed] = useState<string | null>(null);
  const [phoneOpen, setPhoneOpen] = useState(startWithPhone);
  // Asked again after the SMS code: whether that answer has come (to say when it offers nothing).
  const [phoneAnswered, setPhoneAnswered] = useState(false);

  const ask = useCallback((onAnswer?: () => void) => {
    const keys = ownOrderKeys();
    const [phone] = verifiedPhones();
    if (!keys && !phone) return;
    void fetchReorderOffers({ keys, phone: phone?.phone, phoneToken: phone?.token })
      .then(setOffer, () => setOffer(null))
      .finally(onAnswer);
  }, []);
  useEffect(() => ask(), [ask]);

  const use = (company: ReorderCompany) => {
    onUse((current) => reorderForm(current, company, goods));
    setUsed(company.entity_id);
    // The one field left to type: the form remounts with the company, then the ID number takes the focus.
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>('[data-testid="id-input"]')?.focus());
  };

  if (offer && offer.companies.length > 0) {
    return (
      <section className={styles.offer} aria-labelledby="reorder-title" data-testid="reorder-offer">
        <h2 id="reorder-title" className={styles.title}>
          欢迎回来，{offer.filing_year} 年度年报可以办理了
        </h2>
        {offer.companies.map((company) => (
          <div key={company.entity_id} className={styles.company} data-testid="reorder-company">
            <span className={styles.name}>{company.entity_name}</span>
            <p className={styles.contact}>
              法定代表人 {company.entity_legal} · 手机 {maskPhone(company.entity_phone)}
            </p>
            {used === company.entity_id ? (
              <p className={styles.hint} role="status" data-testid="reorder-used">
                已填入表单。身份证号码已按期删除，请重新填写。
              </p>
            ) : (
              <Button onClick={() => use(company)} data-testid="reorder-use">
                {reorderButtonText(offer.filing_year)}
              </Button>
            )}
          </div>
        ))}
      </section>
    );
  }

  if (!phoneOpen) {
    return (
      <ReorderLink onClick={() => setPhoneOpen(true)} />
    );
  }
  return (
    <div className={styles.phone}>
      <ErrorBoundary fallback={<p className={styles.hint}>页面加载失败，请检查网络后重试</p>}>
        <Suspense fallback={null}>
          <ReorderPhone
            onVerified={() => {
              setPhoneAnswered(false);
              ask(() => setPhoneAnswered(true));
            }}
            nothingFound={phoneAnswered && !offer?.companies.length}
          />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}
