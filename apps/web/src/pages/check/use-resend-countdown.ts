import { DELETION_CODE_RESEND_MS } from '@kuaibao/domain';
import { useEffect, useState } from 'react';

/**
 * The wait before another SMS code may be asked for (one a minute, decision 037): the seconds left,
 * counted from the clock rather than from ticks (a backgrounded tab's timers slow down), and
 * `start()` when a code was sent. 重新获取 shows only when it reaches 0.
 */
export function useResendCountdown(waitMs: number = DELETION_CODE_RESEND_MS): { left: number; start: () => void } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, until - now));
    return () => clearTimeout(timer);
  }, [until, now]);
  return {
    left: Math.max(0, Math.ceil((until - now) / 1000)),
    start: () => {
      const at = Date.now();
      setNow(at);
      setUntil(at + waitMs);
    },
  };
}

/** The send button's label: 获取验证码 first, the seconds while waiting, then 重新获取. */
export function sendCodeLabel(sent: boolean, left: number): string {
  if (left > 0) return `重新获取（${left}s）`;
  return sent ? '重新获取' : '获取验证码';
}
