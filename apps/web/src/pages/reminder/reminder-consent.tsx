import type { ReminderConsentView } from '@kuaibao/domain';
import { useEffect, useState } from 'react';
import type { InvoiceProof } from '../../api/invoice-endpoints.ts';
import { fetchReminderConsent, setReminderConsent } from '../../api/reminder-endpoints.ts';
import { toast } from '../../ui/toast.tsx';
import styles from './reminder-consent.module.css';

/**
 * 明年年报季提醒我 (docs/decisions/065-next-season-reminder.md): a separate consent, unticked until the
 * visitor ticks it, with its own text (at most two SMS next season, how to opt out); ticking records it
 * with its version and time, unticking withdraws it. Shown only on a paid annual report, to the visitor
 * who holds the order's proof. Its own chunk: the home route never carries it (decision 011).
 */
export default function ReminderConsent({ proof }: { proof: InvoiceProof }) {
  const [view, setView] = useState<ReminderConsentView | null>(null);
  const [saving, setSaving] = useState(false);
  const { id, key, phoneToken } = proof;
  useEffect(() => {
    let live = true;
    fetchReminderConsent({ id, key, phoneToken }).then(
      (answer) => live && setView(answer),
      () => live && setView(null),
    );
    return () => {
      live = false;
    };
  }, [id, key, phoneToken]);

  if (!view || !view.allowed) return null;

  const change = async (given: boolean) => {
    const before = view;
    // The box follows the tap at once; the server's answer (or a failure) settles it.
    setView({ ...view, given });
    setSaving(true);
    try {
      const answer = await setReminderConsent({ id, key, phoneToken }, given);
      setView(answer);
      toast.info(answer.given ? '已开启明年年报季提醒' : '已取消明年年报季提醒');
    } catch {
      // The client toasted the server's words; the box goes back to what the server holds.
      setView(before);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.card} data-testid="reminder-consent">
      <label className={styles.label}>
        <input type="checkbox" checked={view.given} disabled={saving} onChange={(event) => void change(event.target.checked)} data-testid="reminder-consent-box" />
        <span>{view.label}</span>
      </label>
      <p className={styles.text}>{view.text}</p>
    </section>
  );
}
