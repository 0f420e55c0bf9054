import { type OrderRecord } from '@kuaibao/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from '../../router/router.tsx';
import type { OrderForm } from '../../storage.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/modal.tsx';
import { ReceiptDialog } from '../order-detail/receipt-dialog.tsx';
import { OperatorLine } from '../../ui/site-footer.tsx';
import { DeclarationActions, DeclarationEntries, FiledDialog, OrderInfo, ZeroConfirmDialog } from './declaration.tsx';
import styles from './success-dialog.module.css';
import { SuccessSummary } from './success-summary.tsx';
import { useDeclaration } from './use-declaration.ts';
import { usePaidOrder } from './use-paid-order.ts';
import { DECLARATION_PENDING_TITLE } from '../../common/declaration-pending.tsx';

// 申请发票 (decision 060), the phone success page's card: its own chunk, as there.
const InvoiceCard = lazy(() => import('../invoice/invoice-card.tsx'));

/**
 * Desktop success flow over the home page, from the pay dialog or the /success route (docs/product/screens.md,
 * docs/product/orders-and-statuses.md): non-annual orders get the paid message; license_year the declaration dialog, whose close
 * asks first, and after filing the receipt.
 */
export default function SuccessDialog({
  order,
  form = null,
  editKey = null,
  onClose,
}: {
  order: OrderRecord | null;
  /** The form the visitor just paid with (it alone holds the unmasked ID number). */
  form?: OrderForm | null;
  /** The order's edit key from its creation (decision 012). */
  editKey?: string | null;
  onClose: () => void;
}) {
  const state = usePaidOrder(order, form, editKey);
  const navigate = useNavigate();
  useEffect(() => {
    if (state.kind === 'none') {
      onClose();
      navigate('/', { replace: true });
    }
  }, [state.kind, onClose, navigate]);
  const close = () => {
    onClose();
    navigate('/', { replace: true });
  };

  if (state.kind === 'loaded' && state.order.goods_type === 'license_year') {
    return <DeclarationFlow order={state.order} editKey={state.editKey} resumed={state.resumed} onDone={close} />;
  }
  return (
    <Dialog open={state.kind !== 'none'} onClose={close} ariaLabel="支付成功" size="md" testId="success-dialog">
      <SuccessSummary
        state={state}
        onViewProgress={() => {
          onClose();
          navigate('/check');
        }}
      />
      {state.kind === 'loaded' && (
        <Suspense fallback={null}>
          <InvoiceCard proof={{ id: state.order.id, key: state.editKey }} />
        </Suspense>
      )}
      <OperatorLine />
    </Dialog>
  );
}

function DeclarationFlow({ order, editKey, resumed, onDone }: { order: OrderRecord; editKey: string | null; resumed: boolean; onDone: () => void }) {
  const model = useDeclaration(order, editKey);
  const [askClose, setAskClose] = useState(false);
  const [receiptOpen, setReceiptOpen] = useState(false);

  // Closing the form before filing asks first (docs/product/orders-and-statuses.md); at the zero confirmation it is a cancel.
  const requestClose = () => {
    if (model.step === 0) setAskClose(true);
    else if (model.step === 1) model.cancelZero();
  };

  return (
    <>
      <Dialog
        open={model.step !== 2}
        onClose={requestClose}
        title={resumed ? DECLARATION_PENDING_TITLE : '支付成功，请填写年报信息'}
        size="lg"
        testId="declaration-dialog"
      >
        <div className={styles.body} data-testid="declaration">
          <p className={styles.lead}>请填写上一年度的年报数据，提交后由办理专员核对，再代为报送登记机关。金额单位为万元，人数单位为人。</p>
          <section aria-labelledby="decl-dialog-order">
            <h3 id="decl-dialog-order" className={styles.heading}>
              订单信息
            </h3>
            <OrderInfo order={model.order} layout="desktop" />
          </section>
          <DeclarationEntries model={model} layout="desktop" />
          <p className={styles.note}>“公示”的数据将在国家企业信用信息公示系统向社会公开，“不公示”的仅报送登记机关。</p>
          <div className={styles.actions}>
            <DeclarationActions model={model} />
          </div>
          <Suspense fallback={null}>
            <InvoiceCard proof={{ id: order.id, key: editKey }} />
          </Suspense>
          <OperatorLine />
        </div>
      </Dialog>

      <Dialog
        open={askClose}
        onClose={() => setAskClose(false)}
        title="温馨提示"
        size="sm"
        testId="decl-close-confirm"
        footer={
          <>
            <Button variant="ghost" onClick={onDone} data-testid="decl-close-confirm-close">
              确认关闭
            </Button>
            <Button
              onClick={() => {
                setAskClose(false);
                model.requestZero();
              }}
              data-testid="decl-close-confirm-zero"
              data-autofocus
            >
              一键零报
            </Button>
          </>
        }
      >
        <p className={styles.confirm}>您还未填写年报，确认关闭吗？</p>
      </Dialog>

      <ZeroConfirmDialog model={model} layout="desktop" />
      <FiledDialog open={model.step === 2 && !receiptOpen} onClose={() => setReceiptOpen(true)} closeLabel="查看回执" />
      <ReceiptDialog order={model.order} open={receiptOpen} onClose={onDone} />
    </>
  );
}
