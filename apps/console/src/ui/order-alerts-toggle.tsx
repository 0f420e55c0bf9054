import { Switch } from 'antd';
import type { ConsoleOrderListItem } from '@kuaibao/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ALERT_WATCH_KEYS, useAlertWatch } from '../hooks/api/orders.ts';
import { alertText, alertsEnabled, freshOrders, loadSeen, saveSeen, setAlertsEnabled, type AlertKind } from '../lib/order-alerts.ts';
import { notifySuccess } from '../lib/notify.ts';

/*
 * The sound is a tone made with WebAudio: no audio file to fetch, nothing the console's CSP has to
 * allow. Browsers start an AudioContext suspended until the person interacts with the page, so it
 * is created on the switch's click and resumed on any later click or key.
 */
let audio: AudioContext | undefined;

function primeSound(): void {
  if (typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
}

/** Two short rising beeps, 0.4 s in all. */
function chime(): void {
  if (!audio) return;
  const start = audio.currentTime + 0.01;
  for (const [offset, frequency] of [[0, 880], [0.2, 1175]] as const) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
    tone.connect(gain).connect(audio.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.2);
  }
}

function showNotification(kind: AlertKind, orders: ConsoleOrderListItem[]): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const { title, body } = alertText(kind, orders);
  const notice = new Notification(title, { body, tag: `kb-${kind}-${orders[0]!.id}` });
  notice.onclick = () => {
    window.focus();
    notice.close();
  };
}

/** Alerts about the orders one view shows, on every poll that brings ones not seen before. */
function useAlertsOf(kind: AlertKind, orders: ConsoleOrderListItem[] | undefined): void {
  useEffect(() => {
    if (!orders) return;
    const { fresh, seen } = freshOrders(loadSeen(kind), orders);
    saveSeen(kind, seen);
    if (fresh.length === 0) return;
    showNotification(kind, fresh);
    chime();
    // Runs when an answer brings other orders: TanStack Query keeps the same array for an identical answer.
  }, [kind, orders]);
}

/**
 * The header's switch (decision 044): off by default and remembered per browser. On, it asks for
 * the browser's permission to notify and then alerts (a desktop notification and a tone) when a
 * new paid order appears or an order has less than 4 hours left before the 24-hour promise breaks.
 */
export function OrderAlertsToggle() {
  const client = useQueryClient();
  const [enabled, setEnabled] = useState(alertsEnabled);
  const watch = useAlertWatch(enabled);
  useAlertsOf('paid', enabled ? watch.newPaid.data?.items : undefined);
  useAlertsOf('near', enabled ? watch.nearBreach.data?.items : undefined);

  useEffect(() => {
    if (!enabled) return;
    // A reload keeps alerts on, but the browser wants a gesture before it plays sound.
    document.addEventListener('pointerdown', primeSound);
    document.addEventListener('keydown', primeSound);
    return () => {
      document.removeEventListener('pointerdown', primeSound);
      document.removeEventListener('keydown', primeSound);
    };
  }, [enabled]);

  const toggle = async (on: boolean) => {
    setAlertsEnabled(on);
    // Turned on again later, the baseline is what is there then, not an answer kept from before.
    for (const key of ALERT_WATCH_KEYS) client.removeQueries({ queryKey: key, exact: true });
    setEnabled(on);
    if (!on) return;
    primeSound();
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') await Notification.requestPermission().catch(() => 'denied');
    const permitted = typeof Notification !== 'undefined' && Notification.permission === 'granted';
    notifySuccess(permitted ? '已开启新订单提醒' : '浏览器未允许通知：只播放提示音');
  };

  return (
    <label className="alerts-toggle">
      <Switch size="small" checked={enabled} onChange={(on) => void toggle(on)} data-testid="alerts-toggle" />
      <span>新订单提醒</span>
    </label>
  );
}
