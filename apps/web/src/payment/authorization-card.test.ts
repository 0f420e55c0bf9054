import { AUTHORIZATION_TEMPLATE_VERSION } from '@kuaibao/domain';
import { describe, expect, it } from 'vitest';
import { authorizationConfirmation } from './authorization-card.tsx';

describe('authorizationConfirmation', () => {
  it('asks for the tick and a name first, then the legal representative’s name, then sends the current template version', () => {
    expect(authorizationConfirmation({ signer: '张三', ticked: false }, '张三')).toEqual({ ok: false, error: 'AUTHORIZATION_REQUIRED' });
    expect(authorizationConfirmation({ signer: '  ', ticked: true }, '张三')).toEqual({ ok: false, error: 'AUTHORIZATION_REQUIRED' });
    expect(authorizationConfirmation({ signer: '李四', ticked: true }, '张三')).toEqual({ ok: false, error: 'AUTHORIZATION_NAME_MISMATCH' });
    expect(authorizationConfirmation({ signer: ' 张三 ', ticked: true }, '张三')).toEqual({
      ok: true,
      confirmation: { template_version: AUTHORIZATION_TEMPLATE_VERSION, signer_name: '张三', confirmed: true },
    });
  });
});
