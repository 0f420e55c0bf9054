import { ERROR_CATALOG } from '@kuaibao/domain';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '../../test/mount.ts';
import { BulkReport } from './order-bulk-actions.tsx';

/** A bulk 已完成 tells the clerk which orders moved and which did not, by number, with why. */
const { mount } = mountPerTest();

describe('the bulk report', () => {
  it('lists the orders that moved and each refused one with its reason', () => {
    mount(
      <BulkReport
        report={{
          action: '变更办理状态',
          result: {
            done: [{ id: 1, out_trade_no: 'KB2026010100000001' }],
            failed: [
              { id: 2, out_trade_no: 'KB2026010100000002', code: ERROR_CATALOG.CONSOLE_SCREENSHOT_REQUIRED.code, message: ERROR_CATALOG.CONSOLE_SCREENSHOT_REQUIRED.message },
              { id: 3, out_trade_no: 'KB2026010100000003', code: ERROR_CATALOG.CONSOLE_COMPLETION_NO_CALL.code, message: ERROR_CATALOG.CONSOLE_COMPLETION_NO_CALL.message },
            ],
          },
        }}
        onClose={() => undefined}
      />,
    );
    const report = document.querySelector('[data-testid="bulk-report"]')!;
    expect(report.textContent).toContain('成功 1 单，未成功 2 单');
    const failed = [...document.querySelectorAll('[data-testid="bulk-report-failed"] li')].map((li) => li.textContent);
    expect(failed).toEqual([`KB2026010100000002：${ERROR_CATALOG.CONSOLE_SCREENSHOT_REQUIRED.message}`, `KB2026010100000003：${ERROR_CATALOG.CONSOLE_COMPLETION_NO_CALL.message}`]);
    const done = [...document.querySelectorAll('[data-testid="bulk-report-done"] li')].map((li) => li.textContent);
    expect(done).toEqual(['KB2026010100000001']);
  });
});
