/**
 * The reminder's clock (docs/decisions/065-next-season-reminder.md): the season, the sending hours and
 * the 14 days are read from it, never from the machine. Outside production a test may move it
 * (REMINDER_TEST_CLOCK, PUT /__test/reminder-clock): it then runs on from the instant set, in this
 * process only. In production it is the app's clock and cannot be moved.
 */
export interface ReminderClock {
  now(): Date;
  /** Present only when the test clock is allowed. */
  readonly set: ((at: Date) => void) | undefined;
}

export function createReminderClock(base: () => Date, options: { movable: boolean; production: boolean }): ReminderClock {
  if (options.movable && options.production) throw new Error('REMINDER_TEST_CLOCK: the reminder clock cannot be movable in production');
  let offsetMs = 0;
  return {
    now: () => new Date(base().getTime() + offsetMs),
    set: options.movable
      ? (at: Date) => {
          offsetMs = at.getTime() - base().getTime();
        }
      : undefined,
  };
}
