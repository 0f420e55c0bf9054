import { ERROR_CATALOG } from '@kuaibao/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/client.ts';
import { isStaleOrderRefusal } from './orders.ts';

const refusal = (code: keyof typeof ERROR_CATALOG) => new ApiError(ERROR_CATALOG[code].code, ERROR_CATALOG[code].message, ERROR_CATALOG[code].status);

describe('isStaleOrderRefusal', () => {
  it('is any conflict, and every refusal that says the order changed under the page', () => {
    for (const code of ['CONSOLE_SCREENSHOT_REQUIRED', 'CONSOLE_DECLARATION_MISSING', 'CONSOLE_ORDER_TAKEN_BY_OTHER', 'CONSOLE_STATUS_TRANSITION_INVALID', 'CONSOLE_ORDER_NOT_TAKEN', 'CONSOLE_REFUND_IN_PROGRESS', 'CONSOLE_REFUND_ALREADY_REQUESTED'] as const) {
      expect(isStaleOrderRefusal(refusal(code)), code).toBe(true);
    }
  });
  it("is not the clerk's own input, a missing permission, or a network failure", () => {
    for (const code of ['CONSOLE_NOTE_REQUIRED', 'VALIDATION_FAILED', 'CONSOLE_FORBIDDEN', 'CONSOLE_UPLOAD_TYPE_INVALID'] as const) {
      expect(isStaleOrderRefusal(refusal(code)), code).toBe(false);
    }
    expect(isStaleOrderRefusal(new ApiError(-1, '网络异常，请检查网络后重试', 0))).toBe(false);
    expect(isStaleOrderRefusal(new Error('x'))).toBe(false);
  });
});
