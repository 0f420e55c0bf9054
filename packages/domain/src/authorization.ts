/**
 * The authorisation (授权委托书) a visitor confirms before paying for a licence cancellation
 * (docs/decisions/035-cancellation-authorisation.md): the text is built here, once, so the visitor's
 * page, the server's record and the console's PDF say the same words.
 */

/** Changes whenever the wording below changes; orders record the version they were shown. */
export const AUTHORIZATION_TEMPLATE_VERSION = 'zx-2026-11.2';

export const AUTHORIZATION_TITLE = '授权委托书';

/** Shown in place of the agent's name while the operator's legal name is not configured. */
export const AGENT_NAME_MISSING = '（运营主体名称未设置）';

export interface AuthorizationParties {
  entityName: string;
  creditCode: string;
  legalName: string;
  /** The agent's legal name (site config operator_name). */
  agentName: string;
  /** The agent's 统一社会信用代码 (site config operator_credit_code); its line is left out while unset. */
  agentCreditCode?: string;
}

export interface AuthorizationDocument {
  title: string;
  templateVersion: string;
  /** Label and value lines first (the parties), then the clauses. */
  parties: Array<[label: string, value: string]>;
  clauses: Array<[label: string, text: string]>;
}

/** The goods types that need a confirmed authorisation before payment. */
export function needsAuthorization(goodsType: string | undefined): boolean {
  return goodsType === 'license_destory';
}

export function buildCancellationAuthorization(parties: AuthorizationParties): AuthorizationDocument {
  const agent = parties.agentName.trim() || AGENT_NAME_MISSING;
  return {
    title: AUTHORIZATION_TITLE,
    templateVersion: AUTHORIZATION_TEMPLATE_VERSION,
    parties: [
      ['委托人（市场主体）', parties.entityName],
      ['统一社会信用代码', parties.creditCode],
      ['法定代表人（负责人）', parties.legalName],
      ['受托人（代理机构）', agent],
      ...(parties.agentCreditCode?.trim() ? [['受托人统一社会信用代码', parties.agentCreditCode.trim()] as [string, string]] : []),
    ],
    clauses: [
      [
        '委托事项',
        `委托人委托受托人代为办理“${parties.entityName}”的注销登记（简易注销或一般注销）：准备和核对注销申请材料，通过登记机关的网上系统提交申请，接收登记机关的补正或办理结果并及时转告委托人。`,
      ],
      ['委托权限', '受托人仅在上述事项范围内办理，不得转委托，不得以委托人名义办理其他登记事项或任何其他业务。'],
      ['委托期限', '自委托人确认本授权之日起至本次注销登记办结之日止，最长不超过六个月。'],
      [
        '委托人承诺',
        '所提供的信息和材料真实、合法、有效；法定代表人本人将按登记机关和受托人的要求完成实名身份核验。委托人可在办结前随时撤回本授权，撤回后代办终止，费用按服务协议处理。',
      ],
      ['签署方式', '法定代表人在线输入本人姓名并勾选确认，视为签署本授权委托书；平台记录签署时间、IP 地址和本文本版本。'],
    ],
  };
}

/** The authorization as plain text (what the order records). */
export function authorizationPlainText(authorization: AuthorizationDocument): string {
  return [
    authorization.title,
    ...authorization.parties.map(([label, value]) => `${label}：${value}`),
    ...authorization.clauses.map(([label, text]) => `${label}：${text}`),
    `文本版本：${authorization.templateVersion}`,
  ].join('\n');
}

/** Spaces, case and the several middle dots of minority and foreign names do not count. */
function normalizeName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/[·•・‧∙.．]/g, '·')
    .toLowerCase();
}

/** The typed signature is the legal representative's name on the order. */
export function signerNameMatches(typed: string, legalName: string): boolean {
  const signer = normalizeName(typed);
  return signer !== '' && signer === normalizeName(legalName);
}
