import styles from './pay-unfinished-notice.module.css';

/**
 * Back from the cashier without paying (start-up found the stored order unpaid and came home):
 * say what became of the order and how to go on, instead of a silent home page (docs/product/orders-and-statuses.md#start-up).
 * Its own chunk: loaded only on that return, never on the home's first load (decision 011).
 */
export default function PayUnfinishedNotice({ onClose }: { onClose: () => void }) {
  return (
    <div className={styles.notice} role="status" data-testid="pay-unfinished">
      <p>
        <strong>支付未完成。</strong>
        订单已保留为未支付，不会扣款；您填写的信息仍在下方表单中，确认后重新提交即可继续支付。支付成功后，可在页面下方「进度查询」中用手机号查看。
      </p>
      <button type="button" className={styles.close} onClick={onClose} data-testid="pay-unfinished-close">
        知道了
      </button>
    </div>
  );
}
