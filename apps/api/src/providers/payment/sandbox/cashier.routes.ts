import type { FastifyInstance } from 'fastify';
import { formatYuan } from '@kuaibao/domain';
import { inlineStylePageCsp } from '../../../http/security-headers.ts';
import type { SandboxGateway, SandboxTrade } from './sandbox-gateway.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const PAY_TYPE_NAMES: Record<string, string> = { weixin: '微信支付', alipay: '支付宝' };

/** The cashier's only style, inline; its policy allows exactly this text (security-headers.ts). */
const CASHIER_CSS = `body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei","WenQuanYi Micro Hei",sans-serif;background:#f3f4f6;color:#222}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.banner{background:#fff7e0;border:1px solid #f0c36d;color:#7a5300;border-radius:8px;padding:10px 12px;font-size:13px;line-height:1.5}
.card{background:#fff;border-radius:12px;padding:20px;margin-top:16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.amount{font-size:34px;font-weight:700;text-align:center;margin:8px 0 4px}
.muted{color:#666;font-size:14px;text-align:center}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 12px;font-size:14px;margin:16px 0 0}dt{color:#666}dd{margin:0;word-break:break-all}
button{width:100%;border:0;border-radius:8px;padding:14px;font-size:16px;margin-top:12px;cursor:pointer}
.pay{background:#1a7f37;color:#fff}.cancel{background:#e5e7eb;color:#222}
`;

/** Nothing loads but the style; the forms post to the cashier itself, whose 303 returns to our own /pay. */
const CASHIER_CSP = inlineStylePageCsp(CASHIER_CSS, { formAction: ["'self'"] });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${CASHIER_CSS}</style></head><body><main>${body}</main></body></html>`;
}

function cashierHtml(trade: SandboxTrade): string {
  const payTypeName = PAY_TYPE_NAMES[trade.pay_type] ?? trade.pay_type;
  const id = encodeURIComponent(trade.out_trade_no);
  const statusLine =
    trade.status === 'SUCCESS'
      ? '<p class="muted" role="status">该订单已支付成功</p>'
      : trade.status === 'CLOSED'
        ? '<p class="muted" role="status">该订单已关闭</p>'
        : trade.status === 'REFUND'
          ? '<p class="muted" role="status">该订单已退款</p>'
          : '';
  const actions =
    trade.status === 'NOTPAY'
      ? `<form method="post" action="/sandbox/cashier/${id}/pay"><button class="pay" type="submit">确认支付</button></form>
         <form method="post" action="/sandbox/cashier/${id}/cancel"><button class="cancel" type="submit">取消支付</button></form>`
      : '';
  return page(
    `沙箱收银台 - ${payTypeName}`,
    `<p class="banner">这是测试环境的沙箱收银台（模拟${escapeHtml(payTypeName)}），不会真实扣款。</p>
<section class="card" aria-label="支付信息">
  <h1 class="muted">${escapeHtml(payTypeName)}</h1>
  <p class="amount" data-testid="sandbox-amount">${escapeHtml(formatYuan(trade.amount_fen))}</p>
  <p class="muted">${escapeHtml(trade.description)}</p>
  <dl><dt>商户订单号</dt><dd>${escapeHtml(trade.out_trade_no)}</dd></dl>
  ${statusLine}${actions}
</section>`,
  );
}

function resultHtml(message: string, returnUrl: string | null): string {
  const back = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">返回商户页面</a></p>` : '<p class="muted">请回到原页面查看支付结果</p>';
  return page('支付结果', `<section class="card"><h1 class="muted" role="status">${escapeHtml(message)}</h1>${back}</section>`);
}

/** The cashier pages of the sandbox gateway (what a payer sees after scanning or being redirected). */
export function registerSandboxCashier(app: FastifyInstance, gateway: SandboxGateway): void {
  app.get<{ Params: { outTradeNo: string } }>('/sandbox/cashier/:outTradeNo', async (request, reply) => {
    const trade = await gateway.findTrade(request.params.outTradeNo);
    reply.type('text/html; charset=utf-8').header('content-security-policy', CASHIER_CSP);
    if (!trade) return reply.status(404).send(resultHtml('订单不存在', null));
    return reply.send(cashierHtml(trade));
  });

  app.post<{ Params: { outTradeNo: string } }>('/sandbox/cashier/:outTradeNo/pay', async (request, reply) => {
    const result = await gateway.payTrade(request.params.outTradeNo);
    reply.type('text/html; charset=utf-8').header('content-security-policy', CASHIER_CSP);
    if (!result.ok) {
      const message = result.reason === 'NOT_FOUND' ? '订单不存在' : result.reason === 'CLOSED' ? '订单已关闭，请返回商户页面重新下单' : '订单已过期，请返回商户页面重新下单';
      return reply.status(result.reason === 'NOT_FOUND' ? 404 : 409).send(resultHtml(message, null));
    }
    if (result.trade.return_url) return reply.redirect(result.trade.return_url, 303);
    return reply.send(resultHtml('支付成功', null));
  });

  app.post<{ Params: { outTradeNo: string } }>('/sandbox/cashier/:outTradeNo/cancel', async (request, reply) => {
    const trade = await gateway.findTrade(request.params.outTradeNo);
    reply.type('text/html; charset=utf-8').header('content-security-policy', CASHIER_CSP);
    if (!trade) return reply.status(404).send(resultHtml('订单不存在', null));
    if (trade.return_url) return reply.redirect(trade.return_url, 303);
    return reply.send(resultHtml('已取消支付', null));
  });
}
