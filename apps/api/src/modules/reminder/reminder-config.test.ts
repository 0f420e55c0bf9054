import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { PRODUCTION_SETTINGS } from '../../test/production-settings.ts';
import { createReminderClock } from './reminder-clock.ts';
import { replyPhone } from './reminder.routes.ts';

/** What production refuses of the reminder (docs/decisions/065-next-season-reminder.md). */
describe('reminder configuration', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('production refuses the movable test clock', () => {
    expect(problems({ ...PRODUCTION_SETTINGS })).not.toMatch(/REMINDER_TEST_CLOCK/);
    expect(problems({ ...PRODUCTION_SETTINGS, REMINDER_TEST_CLOCK: 'true' })).toMatch(/REMINDER_TEST_CLOCK: lets anyone move/);
    expect(loadConfig({ REMINDER_TEST_CLOCK: 'true' }).reminders.testClock).toBe(true);
    expect(loadConfig({}).reminders.testClock).toBe(false);
  });

  it('and the boot refuses it even from a configuration built by hand', () => {
    expect(() => createReminderClock(() => new Date(), { movable: true, production: true })).toThrow(/REMINDER_TEST_CLOCK/);
    expect(createReminderClock(() => new Date(), { movable: false, production: true }).set).toBeUndefined();
  });

  it('production with a real SMS provider needs the reply callbacks’ secret (every reminder says 回T退订)', () => {
    const { SMS_REPLY_TOKEN: _token, ...withoutToken } = PRODUCTION_SETTINGS;
    expect(problems(withoutToken)).toMatch(/SMS_REPLY_TOKEN: required in production/);
    expect(problems({ ...PRODUCTION_SETTINGS })).not.toMatch(/SMS_REPLY_TOKEN/);
    expect(problems({ SMS_REPLY_TOKEN: 'short' })).toMatch(/SMS_REPLY_TOKEN/);
  });

  it('reads the providers’ phone numbers', () => {
    expect(replyPhone('13900001234')).toBe('13900001234');
    expect(replyPhone('+8613900001234')).toBe('13900001234');
    expect(replyPhone('8613900001234')).toBe('13900001234');
    expect(replyPhone('13900001234', '86')).toBe('13900001234');
    expect(replyPhone('13900001234', '852')).toBeUndefined();
    expect(replyPhone('1390000****')).toBeUndefined();
    expect(replyPhone(13900001234)).toBeUndefined();
  });
});
