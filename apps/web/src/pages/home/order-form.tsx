import {
  DROPDOWN_MAX_HEIGHT_DESKTOP,
  DROPDOWN_MAX_HEIGHT_MOBILE,
  errorMessage,
  filterIdNumberInput,
  filterPhoneInput,
  formatYuan,
  PROMISES,
  isServiceRefused,
  representativeLabel,
  submitLabel,
  type CompanySearchItem,
  type Goods,
} from '@kuaibao/domain';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useLocation } from '../../router/router.tsx';
import { track } from '../../api/index.ts';
import { usePlatform } from '../../platform/context.tsx';
import { useNow } from '../../common/use-now.ts';
import { useWordingTime } from '../../site-data.tsx';
import { UntilHydrated } from '../../ui/until-hydrated.tsx';
import { HonestyNotice, NeverAskNotice } from '../../common/honesty-notice.tsx';
import type { OrderForm } from '../../storage.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorBoundary } from '../../ui/error-boundary.tsx';
import { RadioList } from '../../ui/radio-list.tsx';
import { toast } from '../../ui/toast.tsx';
import { AGREEMENT_TITLE, ID_NUMBER_CONSENT_LINK } from './agreement-title.ts';
import type { ConsentKind } from './agreement.tsx';
import { CompanySearchField } from './company-search.tsx';
import { firstFormProblem, type Consents } from './form-rules.ts';
import styles from './order-form.module.css';
import { useCompanySearch } from './use-company-search.ts';

/** What /pay hands back to the home: its edit icon returns with the consent the visitor already gave (docs/product/screens.md#payment). */
export interface HomeLocationState {
  consented?: boolean;
}

export interface OrderFormCardProps {
  form: OrderForm;
  onChange: (update: (form: OrderForm) => OrderForm) => void;
  goods: readonly Goods[];
  /** With previous info the goods list is hidden (docs/product/screens.md). */
  hideGoods: boolean;
  privacy: string;
  /** All checks passed (docs/product/orders-and-statuses.md#form-submit step 5). */
  onSubmit: (form: OrderForm) => void;
}

// Its own chunk, fetched when the visitor starts on the form (decision 011).
const AgreementModals = lazy(() => import('./agreement.tsx'));
// The chosen company's card shows only after a pick: its own chunk too, fetched at the same moment.
const loadCompanyCard = () => import('../../common/company-card.tsx');
const CompanyCard = lazy(() => loadCompanyCard().then((m) => ({ default: m.CompanyCard })));
// Only some choices need it (a refused company, 信用修复): a chunk of its own, fetched when one is made.
const ServiceExtras = lazy(() => import('./service-extras.tsx'));

const REQUIRED = <span aria-hidden="true" className={styles.required}>*</span>;

/** The home form (docs/product/screens.md#home-form, docs/product/orders-and-statuses.md, docs/product/validation.md): shared by the phone and desktop layouts. */
export function OrderFormCard({ form, onChange, goods, hideGoods, privacy, onSubmit }: OrderFormCardProps) {
  const platform = usePlatform();
  const now = useNow();
  const search = useCompanySearch();
  const location = useLocation();
  // Two consents, each its own tick (decision 050): the agreement, and processing the ID number.
  const [consented, setConsented] = useState(() => (location.state as HomeLocationState | null)?.consented === true);
  const [idnoConsented, setIdnoConsented] = useState(consented);
  const [consentOpen, setConsentOpen] = useState<ConsentKind | null>(null);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [idnoTextOpen, setIdnoTextOpen] = useState(false);
  /**
   * The modals load once the visitor starts on the form (a focus or a touch), not with the page: they
   * are not part of what the home needs to show, and the first touch comes well before the consent step.
   */
  const [modalsWanted, setModalsWanted] = useState(false);
  const wantModals = () => {
    if (modalsWanted) return;
    setModalsWanted(true);
    void loadCompanyCard().catch(() => undefined);
  };
  /** Their chunk did not arrive: the form still works (the checkbox), and asking for them says why nothing opens. */
  const [modalsFailed, setModalsFailed] = useState(false);
  const openModal = (open: () => void) => {
    if (modalsFailed) return toast.error(errorMessage('PAGE_LOAD_FAILED'));
    wantModals();
    open();
  };
  const onModalsFailed = () => {
    setModalsFailed(true);
    // Asked for while the chunk was still on its way.
    if (consentOpen || agreementOpen || idnoTextOpen) toast.error(errorMessage('PAGE_LOAD_FAILED'));
    setConsentOpen(null);
    setAgreementOpen(false);
    setIdnoTextOpen(false);
  };
  const openAgreement = () => openModal(() => setAgreementOpen(true));
  const openIdnoText = () => openModal(() => setIdnoTextOpen(true));
  const companyInput = useRef<HTMLInputElement>(null);
  const companyField = useRef<HTMLDivElement>(null);
  const idInputId = useId();
  const phoneInputId = useId();
  /** The ID number or phone the last submit found wrong: marked and said under the field until a field is edited. */
  const [invalid, setInvalid] = useState<'ID_NUMBER_INVALID' | 'PHONE_INVALID' | null>(null);
  const desktop = platform.formFactor === 'desktop';
  const chosenGoods = goods.find((item) => String(item.goods_id) === form.goods_id);
  // The button's words are the chosen service's (the home shows the first service until one is chosen).
  const goodsType = (chosenGoods ?? goods[0])?.goods_type ?? 'license_year';

  const set = (patch: Partial<OrderForm>) => onChange((current) => ({ ...current, ...patch }));

  const pickCompany = (item: CompanySearchItem) =>
    set({ entity_name: item.name, entity_id: item.credit_code, entity_legal: item.oper_name, entity_status: item.status });

  // What the chosen company's 登记状态 rules out (docs/product/registration-status.md): said under
  // the company, and the form goes no further; the server refuses it again from its own lookup.
  // entity_status is set by every pick and read only while a company is chosen.
  const refused = !!form.entity_id && isServiceRefused(form.entity_status, goodsType);
  // 信用修复 asks which record to repair, before paying.
  const asksRecord = goodsType === 'credit_repair';
  const [tried, setTried] = useState(false);
  const extras = useRef<HTMLDivElement>(null);

  const submit = (consents: Consents) => {
    if (refused || (asksRecord && form.entity_id && !form.credit_record)) {
      setTried(true);
      extras.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      return;
    }
    const problem = firstFormProblem(form, consents, new Date());
    switch (problem) {
      case null:
        track('form.submit', form.goods_id, 'click', { form_factor: platform.formFactor });
        onSubmit(form);
        return;
      case 'CONSENT_REQUIRED':
        openModal(() => setConsentOpen('agreement'));
        return;
      case 'ID_NUMBER_CONSENT_REQUIRED':
        openModal(() => setConsentOpen('idno'));
        return;
      case 'ID_NUMBER_INVALID':
      case 'PHONE_INVALID':
        setInvalid(problem);
        document.getElementById(problem === 'PHONE_INVALID' ? phoneInputId : idInputId)?.focus();
        return;
      case 'COMPANY_NOT_CHOSEN':
        toast.warn(errorMessage(problem));
        // "Scroll to top" (docs/product/orders-and-statuses.md) means: bring the company search and its list into view.
        companyField.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
        void search.run(form.entity_name);
        return;
      default:
        toast.warn(errorMessage(problem));
    }
  };

  return (
    <form
      className={styles.form}
      noValidate
      aria-label="办理信息"
      onFocusCapture={wantModals}
      onPointerDownCapture={wantModals}
      onSubmit={(event) => {
        event.preventDefault();
        submit({ agreement: consented, idNumber: idnoConsented });
      }}
    >
      <UntilHydrated>
        <HonestyNotice goodsType={goodsType} />

        {!hideGoods && goods.length > 0 && (
          <RadioList
            legend="办理业务"
            testId="goods-list"
            value={form.goods_id}
            onChange={(value) => set({ goods_id: value })}
            options={goods.map((item) => ({
              value: String(item.goods_id),
              label: item.goods_name,
              // Only the chosen service's description, so the form stays short on a phone.
              ...(item.description && String(item.goods_id) === form.goods_id ? { description: item.description } : {}),
              extra: formatYuan(item.price_fen),
              testId: `goods-${item.goods_id}`,
            }))}
          />
        )}

        {chosenGoods && (
          <p className={styles.fee} data-testid="service-fee">
            <span>
              {chosenGoods.goods_name} · 代办服务费
              <strong>{formatYuan(chosenGoods.price_fen)}</strong>
            </span>
            <span className={styles.feeNote}>{PROMISES[0]}</span>
          </p>
        )}

        <div ref={companyField} className={styles.anchor}>
          <CompanySearchField
            value={form.entity_name}
            inputRef={companyInput}
            onType={(name) => set({ entity_name: name, entity_id: '', entity_legal: '' })}
            onPick={pickCompany}
            search={search}
            maxHeight={desktop ? DROPDOWN_MAX_HEIGHT_DESKTOP : DROPDOWN_MAX_HEIGHT_MOBILE}
          />
        </div>

        {form.entity_id && (
          // A lost chunk costs the card, never the form: the name stays in the input above.
          <ErrorBoundary fallback={null}>
            <Suspense fallback={null}>
              <CompanyCard
                testId="selected-company"
                name={form.entity_name}
                creditCode={form.entity_id}
                legal={form.entity_legal}
                goods={chosenGoods}
                onClear={() => {
                  set({ entity_name: '', entity_id: '', entity_legal: '' });
                  companyInput.current?.focus();
                }}
              />
              {/* Why the service is refused, or 信用修复's record: under the chosen company. */}
              {(refused || asksRecord) && <ServiceExtras ref={extras} form={form} goodsType={goodsType} onChange={set} tried={tried} />}
            </Suspense>
          </ErrorBoundary>
        )}

        <div className={styles.field}>
          <label htmlFor={idInputId} className={styles.label}>
            {representativeLabel(form.entity_id)}身份证号{REQUIRED}
          </label>
          <input
            id={idInputId}
            className={styles.input}
            data-testid="id-input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={`请输入${representativeLabel(form.entity_id)}身份证号码`}
            value={form.entity_idno}
            aria-invalid={invalid === 'ID_NUMBER_INVALID'}
            aria-describedby="ID_NUMBER_INVALID"
            onChange={(event) => {
              const { value, exceeded } = filterIdNumberInput(event.target.value);
              if (exceeded) toast.warn(errorMessage('EXCEEDS_LENGTH'));
              setInvalid(null);
              set({ entity_idno: value });
            }}
          />
          {invalid === 'ID_NUMBER_INVALID' && <FieldError code={invalid} />}
        </div>

        <div className={styles.field}>
          <label htmlFor={phoneInputId} className={styles.label}>
            手机号码{REQUIRED}
          </label>
          <input
            id={phoneInputId}
            className={styles.input}
            data-testid="phone-input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="用于接收办理进度短信"
            value={form.entity_phone}
            aria-invalid={invalid === 'PHONE_INVALID'}
            aria-describedby="PHONE_INVALID"
            onChange={(event) => {
              const { value, exceeded } = filterPhoneInput(event.target.value);
              if (exceeded) toast.warn(errorMessage('EXCEEDS_LENGTH'));
              setInvalid(null);
              set({ entity_phone: value });
            }}
          />
          {invalid === 'PHONE_INVALID' && <FieldError code={invalid} />}
        </div>

        <ConsentLine id="consent" checked={consented} onCheck={setConsented} title={AGREEMENT_TITLE} onOpen={openAgreement} link="agreement-link" />
        <ConsentLine id="idno-consent" checked={idnoConsented} onCheck={setIdnoConsented} title={ID_NUMBER_CONSENT_LINK} onOpen={openIdnoText} link="idno-consent-link" />

        <Button type="submit" size="lg" block data-testid="submit">
          <SubmitLabel goodsType={goodsType} variant={platform.variant} platform={platform.platform} now={now} />
        </Button>

        <NeverAskNotice />

        {modalsWanted && (
          <ErrorBoundary fallback={null} onError={onModalsFailed}>
            <Suspense fallback={null}>
              <AgreementModals
                desktop={desktop}
                privacy={privacy}
                consented={consented}
                idnoConsented={idnoConsented}
                consentOpen={consentOpen}
                agreementOpen={agreementOpen}
                idnoTextOpen={idnoTextOpen}
                onConsentClose={() => setConsentOpen(null)}
                onConsentAgree={(idno) => {
                  (idno ? setIdnoConsented : setConsented)(true);
                  setConsentOpen(null);
                  submit({ agreement: consented || !idno, idNumber: idnoConsented || idno });
                }}
                setIdnoTextOpen={setIdnoTextOpen}
                setIdnoConsented={setIdnoConsented}
                onAgreementOpen={() => setAgreementOpen(true)}
                onAgreementClose={() => setAgreementOpen(false)}
                onAgreementAgree={() => {
                  setConsented(true);
                  setAgreementOpen(false);
                }}
              />
            </Suspense>
          </ErrorBoundary>
        )}
      </UntilHydrated>
    </form>
  );
}

/**
 * The message under a field the submit found wrong (its input is aria-invalid, the red border, and
 * described by this element's id, the code: the form is on the page once). Read out as it appears.
 */
function FieldError({ code }: { code: 'ID_NUMBER_INVALID' | 'PHONE_INVALID' }) {
  return (
    <p id={code} className={styles.fieldError} role="alert">
      {errorMessage(code)}
    </p>
  );
}

/**
 * One consent: its box (the whole label a 44 px tap target) and the link to its text. The form has
 * two, each ticked on its own (docs/decisions/050-separate-id-number-consent.md).
 */
function ConsentLine({ id, checked, onCheck, title, onOpen, link }: { id: string; checked: boolean; onCheck: (value: boolean) => void; title: string; onOpen: () => void; link: string }) {
  return (
    <div className={styles.consent}>
      <label className={styles.check} data-testid={`${id}-label`}>
        <input type="checkbox" data-testid={`${id}-checkbox`} checked={checked} onChange={(event) => onCheck(event.target.checked)} />
        <span>我已阅读并同意</span>
      </label>
      <button type="button" className={styles.link} onClick={onOpen} data-testid={link}>
        《{title}》
      </button>
    </div>
  );
}

/** The submit button's words depend on the date: a leaf, so hydration's second look re-renders only it. */
function SubmitLabel({ goodsType, variant, platform, now }: Parameters<typeof submitLabel>[0]) {
  return submitLabel({ goodsType, variant, platform, now: useWordingTime(now) });
}
