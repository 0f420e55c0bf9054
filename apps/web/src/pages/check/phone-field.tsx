import { errorMessage, filterPhoneInput } from '@kuaibao/domain';
import { useId, useRef } from 'react';
import { ClearIcon } from '../../ui/action-icons.tsx';
import { toast } from '../../ui/toast.tsx';
import styles from './phone-field.module.css';

/**
 * The lookup phone input (docs/product/screens.md#progress-lookup, docs/product/validation.md): digits only (spaces and dashes dropped by the
 * domain filter), at most 11 with 'over length', and a clear icon while it holds a value.
 */
export function PhoneField({
  value,
  onChange,
  label = '手机号码',
  placeholder = '请输入下单时填写的手机号码',
  testId = 'check-phone',
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
  testId?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.box}>
        <input
          ref={input}
          id={id}
          className={styles.input}
          data-testid={testId}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={placeholder}
          value={value}
          onChange={(event) => {
            const filtered = filterPhoneInput(event.target.value);
            if (filtered.exceeded) toast.warn(errorMessage('EXCEEDS_LENGTH'));
            onChange(filtered.value);
          }}
        />
        {value && (
          <button
            type="button"
            className={styles.clear}
            aria-label="清除手机号码"
            data-testid={`${testId}-clear`}
            onClick={() => {
              onChange('');
              input.current?.focus();
            }}
          >
            <ClearIcon size={20} />
          </button>
        )}
      </div>
    </div>
  );
}
