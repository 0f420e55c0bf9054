import { describe, expect, it } from 'vitest';
import { WECHAT_COMPLAINT_PROBLEM_NAMES, WECHAT_COMPLAINT_STATE_NAMES, WECHAT_COMPLAINT_STATES, WECHAT_NEGOTIATION_TYPE_NAMES } from './wechat-complaints.ts';

describe('WeChat Pay complaint words', () => {
  it('names every state and the codes staff meet most', () => {
    expect(WECHAT_COMPLAINT_STATES.map((s) => WECHAT_COMPLAINT_STATE_NAMES[s])).toEqual(['待处理', '处理中', '已处理完成']);
    expect(WECHAT_COMPLAINT_PROBLEM_NAMES.REFUND).toBe('申请退款');
    for (const code of ['USER_CREATE_COMPLAINT', 'MERCHANT_RESPONSE', 'MERCHANT_CONFIRM_COMPLETE']) expect(WECHAT_NEGOTIATION_TYPE_NAMES[code]).toMatch(/\p{Script=Han}/u);
  });
});
