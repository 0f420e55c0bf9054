import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { REMINDER_CONSENT_LABEL, REMINDER_CONSENT_TEXT, REMINDER_CONSENT_VERSION, type ReminderConsentView } from '@kuaibao/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeServer, seedStorage, type FakeCall } from '../../test/harness.tsx';
import { ToastHost, toast } from '../../ui/toast.tsx';
import ReminderConsent from './reminder-consent.tsx';

const view: ReminderConsentView = { id: 'pub-1', allowed: true, given: false, label: REMINDER_CONSENT_LABEL, text: REMINDER_CONSENT_TEXT, version: REMINDER_CONSENT_VERSION };

/** 明年年报季提醒我 (docs/decisions/065-next-season-reminder.md): unticked until ticked, sent with the order's proof. */
describe('ReminderConsent', () => {
  let calls: FakeCall[];
  beforeEach(() => {
    seedStorage();
    calls = installFakeServer((call) => {
      if (call.path !== '/api/h5/reminder-consent') return undefined;
      if (call.method === 'GET') return { code: 0, data: view };
      return { code: 0, data: { ...view, given: (call.body as { given: boolean }).given } };
    });
  });
  afterEach(() => {
    cleanup();
    act(() => toast.clear());
  });

  it('starts unticked with its text, and a tick records the consent with the key', async () => {
    render(
      <>
        <ReminderConsent proof={{ id: 'pub-1', key: 'device-key' }} />
        <ToastHost />
      </>,
    );
    const box = (await screen.findByTestId('reminder-consent-box')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByTestId('reminder-consent').textContent).toContain('最多两条');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    fireEvent.click(box);
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ id: 'pub-1', key: 'device-key', given: true }));
    await waitFor(() => expect(box.checked).toBe(true));
  });

  it('shows nothing on an order that cannot carry it', async () => {
    calls = installFakeServer((call) => (call.path === '/api/h5/reminder-consent' ? { code: 0, data: { ...view, allowed: false } } : undefined));
    render(<ReminderConsent proof={{ id: 'pub-1', key: 'device-key' }} />);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.queryByTestId('reminder-consent')).toBeNull();
  });
});
