import { useId, type ReactNode } from 'react';
import styles from './radio-list.module.css';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  description?: ReactNode;
  /** Shown at the end of the row (a price, an icon). */
  extra?: ReactNode;
  icon?: ReactNode;
  testId?: string;
}

export interface RadioListProps<V extends string> {
  legend: ReactNode;
  /** Hide the legend visually but keep it for screen readers. */
  hideLegend?: boolean;
  options: readonly RadioOption<V>[];
  value: V | '';
  onChange: (value: V) => void;
  layout?: 'list' | 'inline';
  testId?: string;
}

/** Native radios in a fieldset: arrow keys, labels and the group name come for free. */
export function RadioList<V extends string>(props: RadioListProps<V>) {
  const name = useId();
  return (
    <fieldset className={`${styles.group} ${props.layout === 'inline' ? styles.inline : ''}`} data-testid={props.testId}>
      <legend className={props.hideLegend ? 'visually-hidden' : styles.legend}>{props.legend}</legend>
      {props.options.map((option) => {
        const checked = option.value === props.value;
        return (
          <label key={option.value} className={`${styles.option} ${checked ? styles.checked : ''}`} data-testid={option.testId}>
            <input
              type="radio"
              className={styles.input}
              name={name}
              value={option.value}
              checked={checked}
              onChange={() => props.onChange(option.value)}
            />
            <span className={styles.mark} aria-hidden="true" />
            {option.icon}
            <span className={styles.text}>
              <span className={styles.label}>{option.label}</span>
              {option.description && <span className={styles.description}>{option.description}</span>}
            </span>
            {option.extra && <span className={styles.extra}>{option.extra}</span>}
          </label>
        );
      })}
    </fieldset>
  );
}
