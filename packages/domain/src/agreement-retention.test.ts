import { describe, expect, it } from 'vitest';
import { renderAgreementText, RETENTION_PLACEHOLDER, retentionClauses } from './agreement-retention.ts';
import { DEFAULT_RETENTION_PERIODS } from './retention.ts';

describe('the agreement’s retention clauses', () => {
  it('say the periods the sweep applies, numbered', () => {
    const clauses = retentionClauses({ idNumberDays: 45, unpaidDays: 12, eventsDays: 200 });
    expect(clauses).toHaveLength(3);
    expect(clauses[0]).toMatch(/^1\. 身份证号码：.*保留45天/);
    expect(clauses[1]).toMatch(/^2\. 未支付的订单：.*12天后/);
    expect(clauses[2]).toMatch(/^3\. 访问统计记录.*200天/);
  });

  it('say a purge that is off (0) keeps the data until asked, never "0天"', () => {
    const text = retentionClauses({ idNumberDays: 0, unpaidDays: 0, eventsDays: 0 }).join('\n');
    expect(text).not.toMatch(/0天/);
    expect(text.match(/不自动删除/g)).toHaveLength(3);
  });

  it('replace every placeholder and leave a text without one alone', () => {
    const text = `六、保存期限与删除\n${RETENTION_PLACEHOLDER}\n4. 其他`;
    const rendered = renderAgreementText(text, DEFAULT_RETENTION_PERIODS);
    expect(rendered).not.toContain(RETENTION_PLACEHOLDER);
    expect(rendered).toContain('保留90天');
    expect(rendered).toContain('30天后');
    expect(rendered).toContain('180天');
    expect(renderAgreementText('无占位', DEFAULT_RETENTION_PERIODS)).toBe('无占位');
  });
});
