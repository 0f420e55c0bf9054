import type { OrderRecord } from '@kuaibao/domain';
import { useNavigate } from '../router/router.tsx';
import { Button } from '../ui/button.tsx';
import styles from './declaration-pending.module.css';
import { pendingDeclarationOf, type DeclarationLocationState } from './pending-declarations.ts';

export const DECLARATION_PENDING_TITLE = '待填写年报信息';

/**
 * A paid annual report whose figures are still to come (the server's `declaration_pending`,
 * docs/decisions/050-separate-id-number-consent.md), on /checkDetail and the receipt: it says so, and
 * on the browser that paid (which holds the order's edit key, decision 012) leads back to the form.
 * Elsewhere it says where the form can be filled; a stranger's browser holds no key and gets no form.
 */
export function DeclarationPending({ order }: { order: OrderRecord }) {
  return order.declaration_pending ? <PendingBlock order={order} /> : null;
}

function PendingBlock({ order }: { order: OrderRecord }) {
  const navigate = useNavigate();
  const here = pendingDeclarationOf(order.id) !== undefined;
  return (
    <section className={styles.block} role="status" aria-labelledby={`pending-${order.id}`} data-testid="declaration-pending">
      <h3 id={`pending-${order.id}`} className={styles.title}>
        {DECLARATION_PENDING_TITLE}
      </h3>
      <p className={styles.text}>付款已完成，还需要您填写上一年度的年报数据（营业总收入、纳税总额等）。提交后由办理专员核对，再代为报送登记机关。</p>
      {here ? (
        <Button size="lg" block onClick={() => navigate('/success', { state: { declarationOrderId: order.id } satisfies DeclarationLocationState })} data-testid="declaration-resume">
          填写年报信息
        </Button>
      ) : (
        <p className={styles.text} data-testid="declaration-elsewhere">
          请在下单时使用的手机或电脑上打开本页填写；也可以联系客服，由办理专员电话核对年报数据。
        </p>
      )}
    </section>
  );
}
