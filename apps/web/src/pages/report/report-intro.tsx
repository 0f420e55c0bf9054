import styles from './report-page.module.css';

/** Why and what to report, and that the regulator's channel stays open (docs/product/trust-and-personal-data.md). */
export function ReportIntro() {
  return (
    <p className={styles.intro}>
      遇到冒充本平台收费、虚假承诺或其他问题，请在此举报，我们会在3个工作日内核实处理。您也可以向当地市场监督管理部门投诉（全国12315平台）。
    </p>
  );
}
