import { agreementDisplayText } from '../../common/agreement-display.ts';
import {
  countdownToJuly,
  goodsTexts,
  homeSubtitle,
  LICENSE_TITLE,
  type Goods,
  type OrderRecord,
  type PrevInfo,
} from '@kuaibao/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from '../../router/router.tsx';
import { fetchMemberGoods, fetchRecentOrder } from '../../api/endpoints.ts';
import { usePlatform } from '../../platform/context.tsx';
import { useNow } from '../../common/use-now.ts';
import { useRequest } from '../../common/use-request.ts';
import { emptyOrderForm, readOrderForm, readPayUnfinished, removeKey, removeSessionKey, writeJson, writeOrderForm, type OrderForm } from '../../storage.ts';
import { useHydrating, useSiteData } from '../../site-data.tsx';
import { HomeExtra } from './home-extras-slot.tsx';
import styles from './home-page.module.css';
import { OrderFormCard } from './order-form.tsx';

const DesktopPayDialog = lazy(() => import('../../payment/desktop-pay-dialog.tsx'));
const SuccessDialog = lazy(() => import('../success/success-dialog.tsx'));
// The QR code library loads only when a visitor asks for the contact.
const ServiceDialog = lazy(() => import('../../common/service-dialog.tsx').then((m) => ({ default: m.ServiceDialog })));
const PayUnfinishedNotice = lazy(() => import('./pay-unfinished-notice.tsx'));
const QueryDialog = lazy(() => import('../check/query-dialog.tsx'));
const ReportDialog = lazy(() => import('../report/report-dialog.tsx'));
// Only the mini-program's web view shows the recent orders.
const MiniProgramOrders = lazy(() => import('../corp/mini-program-orders.tsx').then((m) => ({ default: m.MiniProgramOrders })));

/** The desktop dialogs that stand for the phone pages /check and /report (docs/product/screens.md). */
export type HomeDialog = 'query' | 'report';

/** The form to start from: this visit's form, else the previous visit's info (docs/product/data.md), else empty. */
function initialForm(goods: readonly Goods[], source: OrderForm['source'], prev: PrevInfo | null, stored: OrderForm | null): OrderForm {
  if (stored?.entity_name) return { ...emptyOrderForm(source), ...stored, source };
  const base = emptyOrderForm(source);
  const firstGoods = goods[0] ? String(goods[0].goods_id) : base.goods_id;
  if (!prev) return { ...base, goods_id: firstGoods };
  return {
    ...base,
    goods_id: goods.some((item) => item.goods_id === prev.goods_id) ? String(prev.goods_id) : firstGoods,
    entity_name: prev.entity_name,
    entity_id: prev.entity_id,
    entity_legal: prev.entity_legal,
    entity_phone: prev.entity_phone,
  };
}

/**
 * Home (docs/product/screens.md): the company form with its explanation, on phones as one column and on
 * desktop as two. `success` is the desktop /success route: the home with the paid dialog.
 */
export default function HomePage({ success = false, dialog: routeDialog }: { success?: boolean; dialog?: HomeDialog }) {
  const platform = usePlatform();
  const now = useNow();
  const navigate = useNavigate();
  const site = useSiteData();
  const { config } = site;
  const hideGoods = site.prevInfo !== null;
  // Goods come with start-up; the member goods call fills them only when start-up left none.
  const [memberGoods, setMemberGoods] = useState<Goods[] | null>(null);
  const goods = memberGoods ?? site.goods;
  // Prerendered: the form starts empty (as in the HTML) and takes this browser's stored form once start-up is done.
  const [startForm] = useState<OrderForm>(() => initialForm(goods, platform.platform, site.prevInfo, site.ready ? readOrderForm() : null));
  const [form, setForm] = useState<OrderForm>(startForm);
  // Start-up done: a form the visitor has not touched yet becomes this browser's (typing is never overwritten).
  const [sawReady, setSawReady] = useState(site.ready);
  if (site.ready && !sawReady) {
    setSawReady(true);
    if (form === startForm) setForm(initialForm(site.goods, platform.platform, site.prevInfo, readOrderForm()));
  }
  // Back from the cashier unpaid (start-up left word): said once, and not while hydrating the prerendered home.
  const [payUnfinished, setPayUnfinished] = useState(readPayUnfinished);
  useEffect(() => {
    if (payUnfinished) removeSessionKey('payUnfinished');
  }, [payUnfinished]);
  const hydrating = useHydrating();
  const unfinishedNotice = payUnfinished && !hydrating && (
    <Suspense fallback={null}>
      <PayUnfinishedNotice onClose={() => setPayUnfinished(false)} />
    </Suspense>
  );
  // A new round of the form after a desktop payment: remounting the card clears its consent and search too.
  const [formRound, setFormRound] = useState(0);
  const [serviceOpen, setServiceOpen] = useState(false);
  const [payForm, setPayForm] = useState<OrderForm | null>(null);
  const [paid, setPaid] = useState<{ order: OrderRecord | null; form?: OrderForm; editKey?: string } | null>(success ? { order: null } : null);
  const desktop = platform.formFactor === 'desktop';
  const [dialog, setDialog] = useState<HomeDialog | null>(routeDialog ?? null);
  const closeDialog = () => {
    setDialog(null);
    // Opened from an address (/check, /report on desktop): leave it for the home's.
    if (routeDialog) navigate('/', { replace: true });
  };

  useRequest(goods.length > 0 || !site.ready ? null : 'goods', fetchMemberGoods, {
    onData: (list) => {
      writeJson('goods', list);
      setMemberGoods(list);
      setForm((current) => (list.some((item) => String(item.goods_id) === current.goods_id) || !list[0] ? current : { ...current, goods_id: String(list[0].goods_id) }));
    },
  });

  // Corp mode: the visitor's latest order for the chosen goods and company fills what the form still lacks (docs/product/api.md#routes).
  const { entity_id: entityId, goods_id: goodsId } = form;
  useRequest(platform.host === 'wx-oa' && entityId ? `${goodsId}|${entityId}` : null, () => fetchRecentOrder(goodsId, entityId), {
    onData: (recent) =>
      recent &&
      setForm((current) =>
        current.entity_id === entityId && current.goods_id === goodsId
          ? { ...current, entity_legal: current.entity_legal || recent.entity_legal, entity_phone: current.entity_phone || recent.entity_phone }
          : current,
      ),
  });

  const chosenGoods = goods.find((item) => String(item.goods_id) === form.goods_id) ?? goods[0];
  const goodsType = chosenGoods?.goods_type ?? 'license_year';
  const texts = goodsTexts(goodsType);
  // The tab title follows the chosen service too (docs/product/overview.md: the goods type sets the page title).
  useEffect(() => {
    document.title = `${texts.pageTitle} · ${homeSubtitle(platform.variant)}`;
  }, [texts.pageTitle, platform.variant]);
  const countdown = countdownToJuly(now);

  const onSubmit = (ready: OrderForm) => {
    writeOrderForm(ready);
    if (desktop) setPayForm(ready);
    else navigate('/pay');
  };

  const header = (
    <header className={styles.hero}>
      <p className={styles.subtitle}>{homeSubtitle(platform.variant)}</p>
      <h1 className={styles.title} data-testid="page-title">
        {texts.pageTitle}
      </h1>
      {goodsType === 'license_year' && <p className={styles.kicker}>{LICENSE_TITLE}</p>}
      <HomeExtra name="ReportEntry" onOpen={() => setDialog('report')} />
    </header>
  );
  const countdownBanner =
    goodsType === 'license_year' ? (
      <HomeExtra name="FilingWindowBanner" countdown={countdown} />
    ) : null;
  const formCard = (
    <OrderFormCard
      key={formRound}
      form={form}
      onChange={setForm}
      goods={goods}
      hideGoods={hideGoods}
      privacy={agreementDisplayText(config ? { text: config.privacy ?? '', version: config.agreement_version ?? '', effectiveDate: config.agreement_effective_date ?? '' } : null)}
      onSubmit={onSubmit}
    />
  );
  const reorder = (
    <HomeExtra
      name="ReorderEntry"
      goods={goods}
      onUse={(fill) => {
        setForm(fill);
        setFormRound((round) => round + 1);
      }}
    />
  );
  const explanation = (
    <HomeExtra name="Explanation" goodsType={goodsType} variant={platform.variant} title={`${texts.shortName}须知`} />
  );
  const danmaku = <HomeExtra name="ServiceDanmaku" goodsType={goodsType} lines={config?.['client.home.danmaku'] ?? []} />;
  const footer = (
    <HomeExtra
      name="HomeFooter"
      onContact={() => setServiceOpen(true)}
      onProgress={desktop ? () => setDialog('query') : undefined}
      serviceWeixin={config?.service_weixin}
      servicePhone={config?.service_phone}
    />
  );

  return (
    <div className={desktop ? styles.desktop : styles.phone} data-testid="home">
      <HomeExtra name="ServiceMarquee" goodsType={goodsType} tips={config?.['client.home.tips'] ?? ''} />
      {desktop ? (
        <div className={styles.columns}>
          <div className={styles.main}>
            {header}
            {/* Beside the form, not above it: its submit button stays above the fold (desktop.fold). */}
            {reorder}
            {explanation}
            {danmaku}
            {footer}
          </div>
          <div className={styles.aside}>
            {unfinishedNotice}
            <div className={styles.card}>{formCard}</div>
          </div>
        </div>
      ) : (
        <main className={styles.page}>
          {header}
          {countdownBanner}
          {unfinishedNotice}
          {reorder}
          <div className={styles.card}>{formCard}</div>
          {platform.host === 'wx-mp' && (
            <Suspense fallback={null}>
              <MiniProgramOrders />
            </Suspense>
          )}
          {danmaku}
          {explanation}
          {footer}
        </main>
      )}

      <Suspense fallback={null}>
        {serviceOpen && <ServiceDialog open onClose={() => setServiceOpen(false)} />}
        {dialog === 'query' && <QueryDialog onClose={closeDialog} />}
        {dialog === 'report' && <ReportDialog onClose={closeDialog} />}
        {payForm && (
          <DesktopPayDialog
            form={payForm}
            goods={chosenGoods}
            onClose={() => setPayForm(null)}
            onPaid={(order, editKey) => {
              setPaid({ order, form: payForm, editKey });
              setPayForm(null);
              // Paid: the form starts over (same service), so its button cannot pay the same order again.
              removeKey('params');
              setForm({ ...emptyOrderForm(platform.platform), goods_id: payForm.goods_id });
              setFormRound((round) => round + 1);
            }}
          />
        )}
        {paid && <SuccessDialog order={paid.order} form={paid.form ?? null} editKey={paid.editKey ?? null} onClose={() => setPaid(null)} />}
      </Suspense>
    </div>
  );
}
