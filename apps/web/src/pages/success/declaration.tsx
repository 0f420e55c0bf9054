import { DISCLOSURE_OPTIONS, entityKindLabel, orderTexts, reportButtonText, type DeclarationField, type OrderRecord } from '@kuaibao/domain';
import { Fragment, useEffect, useId } from 'react';
import { usePlatform } from '../../platform/context.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/modal.tsx';
import styles from './declaration.module.css';
import type { DeclarationModel } from './use-declaration.ts';

type Layout = 'phone' | 'desktop';

/**
 * The order data of the declaration (docs/product/screens.md#success): handling type, company name, type,
 * credit code, legal person, ID number and phone. A list on phones, a two-column table on desktop.
 * The ID number is shown masked, as every answer carries it (docs/product/trust-and-personal-data.md#id-numbers).
 */
export function OrderInfo({ order, layout }: { order: OrderRecord; layout: Layout }) {
  const rows: [string, string][] = [
    ['办理类型', order.goods_name],
    ['企业名称', order.entity_name],
    ['类型', entityKindLabel(order.entity_name)],
    ['统一社会信用代码', order.entity_id],
    ['法定代表人', order.entity_legal || '—'],
    ['身份证号', order.entity_idno || '—'],
    ['联系电话', order.entity_phone],
  ];
  if (layout === 'phone') {
    return (
      <dl className={styles.infoList} data-testid="decl-order-info">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    );
  }
  const pairs: [string, string][][] = [];
  for (let i = 0; i < rows.length; i += 2) pairs.push(rows.slice(i, i + 2));
  return (
    <table className={styles.infoTable} data-testid="decl-order-info">
      <caption className="visually-hidden">订单信息</caption>
      <tbody>
        {pairs.map((pair) => (
          <tr key={pair[0]![0]}>
            {pair.map(([label, value]) => (
              <Cell key={label} label={label} value={value} />
            ))}
            {pair.length === 1 && <td colSpan={2} />}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Cell({ label, value }: { label: string; value: string }) {
  return (
    <>
      <th scope="row">{label}</th>
      <td>{value}</td>
    </>
  );
}

function EntryTable({ caption, fields, model }: { caption: string; fields: DeclarationField[]; model: DeclarationModel }) {
  const id = useId();
  return (
    <table className={styles.entries}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.colLabel}>
            项目
          </th>
          <th scope="col">填报数值</th>
          <th scope="col" className={styles.colShow}>
            是否公示
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => {
          const inputId = `${id}-${field.key}`;
          const showKey = `${field.key}_show`;
          const problem = model.problem?.field === field.key ? model.problem.text : null;
          return (
            <Fragment key={field.key}>
            <tr>
              <th scope="row">
                <label htmlFor={inputId}>{field.label}</label>
              </th>
              <td>
                <span className={styles.inputBox}>
                  <input
                    id={inputId}
                    className={styles.input}
                    type="text"
                    inputMode={field.kind === 'amount' ? 'decimal' : 'numeric'}
                    autoComplete="off"
                    maxLength={20}
                    placeholder="请输入"
                    value={model.values[field.key] ?? ''}
                    onChange={(event) => model.setValue(field.key, event.target.value)}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${inputId}-error` : undefined}
                    data-testid={`decl-input-${field.key}`}
                  />
                  <span className={styles.unit}>{field.unit}</span>
                </span>
              </td>
              <td>
                {/* A native select: its closed state shows the current choice (docs/product/orders-and-statuses.md). */}
                <select
                  className={styles.select}
                  aria-label={`${field.label}是否公示`}
                  value={model.values[showKey] ?? 'false'}
                  onChange={(event) => model.setValue(showKey, event.target.value)}
                  data-testid={`decl-show-${field.key}`}
                >
                  {DISCLOSURE_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
            {problem && (
              // Under the figure, the full width of the table: which figure, and the rule it must follow.
              <tr className={styles.problemRow}>
                <td colSpan={3}>
                  <p id={`${inputId}-error`} className={styles.problem} role="alert" data-testid={`decl-error-${field.key}`}>
                    {problem}
                  </p>
                </td>
              </tr>
            )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

/** The entry tables: assets (万元) for everyone, headcount (人) for companies (docs/product/data.md#annual-declaration-fields). */
export function DeclarationEntries({ model, layout }: { model: DeclarationModel; layout: Layout }) {
  const { problem } = model;
  // The figure in question gets the focus at each refused submit, so its message is in view and read out.
  useEffect(() => {
    if (problem) document.querySelector<HTMLInputElement>(`[data-testid="decl-input-${problem.field}"]`)?.focus();
  }, [problem]);
  const amounts = model.fields.filter((field) => field.kind === 'amount');
  const counts = model.fields.filter((field) => field.kind === 'count');
  return (
    <div className={`${styles.entryGroups} ${layout === 'desktop' ? styles.desktop : ''}`} data-testid="decl-entries">
      <EntryTable caption="资产状况（单位：万元）" fields={amounts} model={model} />
      {counts.length > 0 && <EntryTable caption="从业人员（单位：人）" fields={counts} model={model} />}
    </div>
  );
}

/** '一键零申报' and the report button, '立即申报' (v0, v1) or '立即提交' (v2) (docs/product/overview.md). */
export function DeclarationActions({ model }: { model: DeclarationModel }) {
  const { variant } = usePlatform();
  return (
    <div className={styles.actions}>
      <Button variant="secondary" size="lg" disabled={model.saving} onClick={model.requestZero} data-testid="decl-zero">
        一键零申报
      </Button>
      <Button size="lg" disabled={model.saving} onClick={() => void model.submit()} data-testid="decl-submit">
        {model.saving ? '提交中…' : reportButtonText(variant)}
      </Button>
    </div>
  );
}

/**
 * Sub-state 1: the zero-declaration confirmation with cancel and submit (docs/product/orders-and-statuses.md). Phones ask
 * '确定要零申报吗？', the desktop dialog '是否确认零申报？'.
 */
export function ZeroConfirmDialog({ model, layout }: { model: DeclarationModel; layout: Layout }) {
  const headcountId = useId();
  return (
    <Dialog
      open={model.step === 1}
      onClose={model.cancelZero}
      title={layout === 'phone' ? '确定要零申报吗？' : '是否确认零申报？'}
      size="sm"
      testId="decl-zero-confirm"
      footer={
        <>
          <Button variant="ghost" onClick={model.cancelZero} data-testid="decl-zero-cancel">
            取消
          </Button>
          <Button disabled={model.saving} onClick={() => void model.confirmZero()} data-testid="decl-zero-submit" data-autofocus={model.zeroAsksHeadcount ? undefined : true}>
            提交
          </Button>
        </>
      }
    >
      <p className={styles.confirmText} data-testid="decl-zero-text">
        营业总收入和纳税总额将按 0 万元申报{model.zeroAsksHeadcount ? '；未填写的资产总额、女性从业人数和参保人数按 0 申报，请填写从业人数' : ''}。
      </p>
      {/* The one figure a zero report cannot assume (decision 032): asked here, so one step files it all. */}
      {model.zeroAsksHeadcount && (
        <form
          className={styles.zeroField}
          onSubmit={(event) => {
            event.preventDefault();
            void model.confirmZero();
          }}
        >
          <label htmlFor={headcountId}>从业人数</label>
          <span className={styles.inputBox}>
            <input
              id={headcountId}
              className={styles.input}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={7}
              placeholder="至少1人"
              value={model.zeroHeadcount}
              onChange={(event) => model.setZeroHeadcount(event.target.value)}
              data-testid="decl-zero-headcount"
              data-autofocus
            />
            <span className={styles.unit}>人</span>
          </span>
        </form>
      )}
    </Dialog>
  );
}

/** Sub-state 2: handed to the agent, who files after checking. Closing it goes on (to /check on phones, to the receipt on desktop). */
export function FiledDialog({ open, onClose, closeLabel }: { open: boolean; onClose: () => void; closeLabel: string }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      ariaLabel="已提交给办理专员"
      size="sm"
      testId="decl-done"
      footer={
        <Button onClick={onClose} data-testid="decl-done-close" data-autofocus>
          {closeLabel}
        </Button>
      }
    >
      <div className={styles.done}>
        <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true">
          <circle cx="32" cy="32" r="30" fill="var(--success)" />
          <path d="M19 33l9 9 17-18" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <p className={styles.doneText} data-testid="decl-done-text">
          {orderTexts('license_year').successText}
        </p>
      </div>
    </Dialog>
  );
}
