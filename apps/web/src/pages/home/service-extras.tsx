import { CREDIT_RECORD_HINTS, CREDIT_RECORD_LABELS, CREDIT_RECORD_TYPES, pageErrorMessage, serviceRefusal, type CreditRecordType } from '@kuaibao/domain';
import type { Ref } from 'react';
import type { OrderForm } from '../../storage.ts';
import { RadioList } from '../../ui/radio-list.tsx';

export interface ServiceExtrasProps {
  form: OrderForm;
  /** the chosen service */
  goodsType: string;
  onChange: (patch: Partial<OrderForm>) => void;
  /** The visitor tried to go on: a missing record says so. */
  tried: boolean;
  /** Where the form scrolls when it stops here. */
  ref?: Ref<HTMLDivElement>;
}

// Inline styles: a stylesheet of its own would add an entry to the home's preload list (decision 011).
const REFUSAL = { margin: 0, padding: '10px 12px', border: '1px solid var(--danger)', borderRadius: 'var(--radius-sm)', background: '#fff5f5', color: 'var(--danger)', fontSize: 14, lineHeight: 1.5 } as const;
const MISSING = { margin: 0, fontSize: 13, color: 'var(--danger)' } as const;

/**
 * The home form's parts that only some choices need, under the chosen company, in a chunk of their
 * own (decision 011): why the company cannot have the chosen service, said before any payment
 * (docs/product/registration-status.md), and the record a 信用修复 order repairs.
 */
export default function ServiceExtras({ form, goodsType, onChange, tried, ref }: ServiceExtrasProps) {
  const refusal = serviceRefusal(form.entity_status, goodsType);
  const record = form.credit_record ?? '';
  return (
    <div ref={ref} style={{ display: 'flex', flexDirection: 'column', gap: 8, scrollMarginTop: 12 }}>
      {refusal && (
        <p style={REFUSAL} role="alert" data-testid="company-refusal">
          {pageErrorMessage(refusal)}
        </p>
      )}
      {!refusal && goodsType === 'credit_repair' && (
        <>
          <RadioList
            legend={
              <>
                需要修复的信用记录
                <span aria-hidden="true" style={MISSING}>
                  {' *'}
                </span>
              </>
            }
            testId="credit-record"
            value={(CREDIT_RECORD_TYPES as readonly string[]).includes(record) ? (record as CreditRecordType) : ''}
            onChange={(value) => onChange({ credit_record: value })}
            options={CREDIT_RECORD_TYPES.map((type) => ({ value: type, label: CREDIT_RECORD_LABELS[type], description: CREDIT_RECORD_HINTS[type], testId: `credit-record-${type}` }))}
          />
          {tried && !record && (
            <p style={MISSING} role="alert" data-testid="credit-record-missing">
              {pageErrorMessage('CREDIT_RECORD_REQUIRED')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
