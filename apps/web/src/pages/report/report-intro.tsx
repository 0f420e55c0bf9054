import { REPORT_HANDLING_DAYS } from '@kuaibao/domain';
import styles from './report-page.module.css';

/** Why and what to report, and that the regulator's channel stays open (docs/product/trust-and-personal-data.md). */
export function ReportIntro() {
  return (
    <p className={styles.intro}>
      遇到冒充本平台收费、虚假承诺，或对已下单的服务有售后问题、需要退款，请在此提交，我们会在{REPORT_HANDLING_DAYS}个工作日内核实处理。您也可以向当地市场监督管理部门投诉（全国12315平台）。
    </p>
  );
}
