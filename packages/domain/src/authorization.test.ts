import { describe, expect, it } from 'vitest';
import {
  AGENT_NAME_MISSING,
  AUTHORIZATION_TEMPLATE_VERSION,
  authorizationPlainText,
  buildCancellationAuthorization,
  needsAuthorization,
  signerNameMatches,
} from './authorization.ts';

describe('signerNameMatches', () => {
  it('accepts the legal representative’s name, ignoring spaces, width and the kind of middle dot', () => {
    expect(signerNameMatches('张三', '张三')).toBe(true);
    expect(signerNameMatches(' 张 三 ', '张三')).toBe(true);
    expect(signerNameMatches('买买提·艾力', '买买提•艾力')).toBe(true);
    expect(signerNameMatches('買買提.艾力', '買買提·艾力')).toBe(true);
    expect(signerNameMatches('ＪＯＨＮ smith', 'John Smith')).toBe(true);
  });

  it('refuses another name, a part of the name and an empty one', () => {
    expect(signerNameMatches('李四', '张三')).toBe(false);
    expect(signerNameMatches('张', '张三')).toBe(false);
    expect(signerNameMatches('张三丰', '张三')).toBe(false);
    expect(signerNameMatches('', '')).toBe(false);
    expect(signerNameMatches('  ', '张三')).toBe(false);
  });
});

describe('buildCancellationAuthorization', () => {
  const parties = { entityName: '杭州某某科技有限公司', creditCode: '91330100MA2XXXXX1X', legalName: '张三', agentName: '杭州快报企业服务有限公司' };

  it('names the company, its legal representative, the agent, the matter and the term', () => {
    const authorization = buildCancellationAuthorization(parties);
    const text = authorizationPlainText(authorization);
    expect(authorization.templateVersion).toBe(AUTHORIZATION_TEMPLATE_VERSION);
    expect(text.startsWith('授权委托书\n')).toBe(true);
    expect(text).toContain('委托人（市场主体）：杭州某某科技有限公司');
    expect(text).toContain('统一社会信用代码：91330100MA2XXXXX1X');
    expect(text).toContain('法定代表人（负责人）：张三');
    expect(text).toContain('受托人（代理机构）：杭州快报企业服务有限公司');
    expect(text).toContain('委托事项：委托人委托受托人代为办理“杭州某某科技有限公司”的注销登记');
    expect(text).toContain('委托期限：');
    expect(text).toContain(`文本版本：${AUTHORIZATION_TEMPLATE_VERSION}`);
  });

  it('names the agent by its 统一社会信用代码 too, once the site config has it', () => {
    const withCode = authorizationPlainText(buildCancellationAuthorization({ ...parties, agentCreditCode: ' 91310115MA1K4ABCDD ' }));
    expect(withCode).toContain('受托人（代理机构）：杭州快报企业服务有限公司\n受托人统一社会信用代码：91310115MA1K4ABCDD\n');
    expect(authorizationPlainText(buildCancellationAuthorization(parties))).not.toContain('受托人统一社会信用代码');
  });

  it('says plainly when the agent’s name is not configured', () => {
    expect(buildCancellationAuthorization({ ...parties, agentName: ' ' }).parties[3]).toEqual(['受托人（代理机构）', AGENT_NAME_MISSING]);
  });

  it('is needed for a cancellation only', () => {
    expect(needsAuthorization('license_destory')).toBe(true);
    expect(needsAuthorization('license_year')).toBe(false);
    expect(needsAuthorization('credit_repair')).toBe(false);
    expect(needsAuthorization(undefined)).toBe(false);
  });
});
