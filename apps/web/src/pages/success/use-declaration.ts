import { declarationFields, declarationProblemText, emptyDeclaration, validateDeclaration, zeroDeclaration, zeroReportAsksHeadcount, type DeclarationField, type OrderRecord, pageErrorMessage } from '@kuaibao/domain';
import { useMemo, useRef, useState } from 'react';
import { saveDeclaration } from '../../api/order-endpoints.ts';
import { track } from '../../api/index.ts';
import { toast } from '../../ui/toast.tsx';
import { forgetPendingDeclaration } from '../../common/pending-declarations.ts';

/**
 * Sub-states of the annual report fill-in (docs/product/orders-and-statuses.md): 0 the form, 1 the zero-declaration
 * confirmation, 2 handed to the agent (orderTexts('license_year').successText: nothing is filed with
 * the authorities until a specialist has checked the figures).
 */
export type DeclarationStep = 0 | 1 | 2;

export interface DeclarationModel {
  /** The order, updated with the server's answer once filed. */
  order: OrderRecord;
  fields: DeclarationField[];
  /** Every figure and its `_show` flag, as typed (validation trims). */
  values: Record<string, string>;
  step: DeclarationStep;
  saving: boolean;
  /** The first problem of the last submit that belongs to one figure: its key and what to say under it (field and rule). */
  problem: { field: string; text: string } | null;
  setValue(key: string, value: string): void;
  /** Whether the zero confirmation asks for the headcount (companies). */
  zeroAsksHeadcount: boolean;
  /** The headcount typed in the zero confirmation (starts from the form's). */
  zeroHeadcount: string;
  setZeroHeadcount(value: string): void;
  /** '一键零申报' / '一键零报': ask for the confirmation. */
  requestZero(): void;
  cancelZero(): void;
  /**
   * Files the zero report in one step (zeroDeclaration): complete, or the rule's message with the
   * confirmation still open to correct the headcount.
   */
  confirmZero(): Promise<void>;
  /** '立即申报'. */
  submit(): Promise<void>;
}

/** The blank form of the entity, with whatever the order already holds for it. */
function initialValues(order: OrderRecord): Record<string, string> {
  const values = emptyDeclaration(order.entity_name);
  for (const key of Object.keys(values)) {
    const stored = order.entity_extra?.[key];
    if (typeof stored === 'string') values[key] = stored;
  }
  return values;
}

/** True when the order already carries every figure (filed on an earlier visit). */
function isFiled(order: OrderRecord): boolean {
  return validateDeclaration(order.entity_extra ?? {}, order.entity_name).ok;
}

/**
 * The declaration after paying for license_year (docs/product/orders-and-statuses.md#annual-report-fill-in, docs/product/validation.md "Annual
 * declaration"). Checks with the domain's validateDeclaration, the same function the server
 * runs, and says its problem under the figure it belongs to, naming the figure and the rule (a
 * problem of no figure is a toast), before any request; only a valid form is sent, with the
 * order's edit key when this browser created it (decision 012).
 */
export function useDeclaration(initial: OrderRecord, editKey: string | null = null): DeclarationModel {
  const [order, setOrder] = useState(initial);
  const fields = useMemo(() => declarationFields(order.entity_name), [order.entity_name]);
  const [values, setValues] = useState(() => initialValues(initial));
  const [step, setStep] = useState<DeclarationStep>(() => (isFiled(initial) ? 2 : 0));
  const [saving, setSaving] = useState(false);
  const [zeroHeadcount, setZeroHeadcount] = useState('');
  const [problem, setProblem] = useState<DeclarationModel['problem']>(null);
  const busy = useRef(false);

  /** Validates and files; true once the server stored it. */
  async function file(candidate: Record<string, string>): Promise<boolean> {
    if (busy.current) return false;
    const checked = validateDeclaration(candidate, order.entity_name);
    if (!checked.ok) {
      const text = declarationProblemText(checked, order.entity_name);
      if (text && checked.field) setProblem({ field: checked.field, text });
      else toast.warn(pageErrorMessage(checked.error));
      return false;
    }
    setProblem(null);
    busy.current = true;
    setSaving(true);
    try {
      const updated = await saveDeclaration(order.id, checked.value, editKey);
      setOrder(updated);
      setValues(checked.value);
      // Filed: nothing is pending on this browser any more (decision 050).
      forgetPendingDeclaration(updated.id);
      setStep(2);
      return true;
    } catch {
      // the request client has shown the server's message
      return false;
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  return {
    order,
    fields,
    values,
    step,
    saving,
    problem,
    setValue: (key, value) => {
      setValues((current) => ({ ...current, [key]: value }));
      if (problem?.field === key) setProblem(null);
    },
    zeroAsksHeadcount: zeroReportAsksHeadcount(order.entity_name),
    zeroHeadcount,
    setZeroHeadcount,
    requestZero: () => {
      track('declaration.zero', order.id, 'click');
      setZeroHeadcount(values.total_employee ?? '');
      setStep(1);
    },
    cancelZero: () => setStep(0),
    confirmZero: async () => {
      if (busy.current) return;
      track('declaration.zero.submit', order.id, 'click');
      const zero = zeroDeclaration({ entityName: order.entity_name, current: values, headcount: zeroHeadcount });
      if (!zero.ok) {
        toast.warn(declarationProblemText(zero, order.entity_name) ?? pageErrorMessage(zero.error));
        return;
      }
      setValues(zero.value);
      // The server refused it (its message is shown): back to the form, which now holds the zeros.
      if (!(await file(zero.value))) setStep(0);
    },
    submit: async () => {
      track('declaration.submit', order.id, 'click');
      await file(values);
    },
  };
}
