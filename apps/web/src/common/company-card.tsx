import { customerKind, formatYuan, hasIndividualPrice, priceForCustomer, representativeLabel, type PricedGoods } from '@kuaibao/domain';
import type { ReactNode } from 'react';
import { ClearIcon, EditIcon } from '../ui/action-icons.tsx';
import styles from './company-card.module.css';

export interface CompanyCardProps {
  name: string;
  creditCode: string;
  legal: string;
  phone?: string;
  /** A formatted amount line, e.g. ['服务费用', '¥199.00']. */
  fee?: [label: string, amount: string];
  /**
   * The chosen service on the home: when it has a second price for 个体工商户, the card says which
   * price this company pays (customer-price.ts), the one the server will charge.
   */
  goods?: PricedGoods;
  onClear?: () => void;
  onEdit?: () => void;
  testId?: string;
  children?: ReactNode;
}

/** The chosen company: name, legal person, credit code (and on the pay page phone and fee). */
export function CompanyCard(props: CompanyCardProps) {
  const { goods } = props;
  const fee: CompanyCardProps['fee'] =
    props.fee ?? (goods && hasIndividualPrice(goods) ? [customerKind(props.creditCode, props.name) === 'individual' ? '个体工商户价格' : '企业价格', formatYuan(priceForCustomer(goods, props.creditCode, props.name))] : undefined);
  return (
    <section className={styles.card} data-testid={props.testId ?? 'company-card'} aria-label="已选企业">
      <div className={styles.head}>
        <h3 className={styles.name}>{props.name}</h3>
        {props.onClear && (
          <button type="button" className={styles.action} onClick={props.onClear} aria-label="清除已选企业" data-testid="company-clear">
            <ClearIcon size={20} />
          </button>
        )}
        {props.onEdit && (
          <button type="button" className={styles.action} onClick={props.onEdit} aria-label="修改信息" data-testid="pay-edit">
            <EditIcon size={20} />
          </button>
        )}
      </div>
      <dl className={styles.fields}>
        <div>
          <dt>统一社会信用代码</dt>
          <dd data-testid="company-credit-code">{props.creditCode}</dd>
        </div>
        <div>
          <dt data-testid="company-legal-label">{representativeLabel(props.creditCode)}</dt>
          <dd data-testid="company-legal">{props.legal || '—'}</dd>
        </div>
        {props.phone !== undefined && (
          <div>
            <dt>联系电话</dt>
            <dd>{props.phone}</dd>
          </div>
        )}
        {fee && (
          <div className={styles.fee}>
            <dt>{fee[0]}</dt>
            <dd data-testid="pay-fee">{fee[1]}</dd>
          </div>
        )}
      </dl>
      {props.children}
    </section>
  );
}
