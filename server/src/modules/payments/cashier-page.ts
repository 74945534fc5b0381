import type { Lang } from '../../../../types/lang';
import { translate, type MessageKey, type MessageParams } from '../../i18n/messages';
import { yuan } from '../checkout/money';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f4f4;color:#222}
main{max-width:420px;margin:0 auto;padding:24px 16px}h1{font-size:20px;margin:0 0 8px}
.note{font-size:13px;color:#a15c00;background:#fff4e0;padding:8px 12px;border-radius:6px}
.card{background:#fff;border-radius:10px;padding:16px;margin:16px 0}
.row{display:flex;justify-content:space-between;align-items:center;margin:6px 0}.amount{font-size:28px;font-weight:600;color:#e4393c}
button{width:100%;padding:14px;font-size:17px;border:0;border-radius:8px;margin-top:12px;cursor:pointer}
.pay{background:#07c160;color:#fff}.cancel{background:#e5e5e5;color:#333}.error{color:#c00}`;

function shell(lang: Lang, body: string): string {
  const t = (k: MessageKey) => escape(translate(lang, k));
  return `<!doctype html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${t('cashier.title')}</title>
<style>${STYLE}</style></head><body><main><h1>${t('cashier.title')}</h1>
<p class="note">${t('cashier.sandbox_note')}</p>${body}</main></body></html>`;
}

/** The sandbox cashier: order, amount, pay and cancel (cancelling asks the specification's question first). */
export function cashierPage(p: {
  lang: Lang;
  token: string;
  orderNo: string;
  description: string;
  amountFen: number;
  action: string;
}): string {
  const t = (k: MessageKey) => escape(translate(p.lang, k));
  const confirmText = JSON.stringify(translate(p.lang, 'cashier.cancel_confirm'));
  return shell(
    p.lang,
    `<div class="card"><div class="row"><span>${t('cashier.order')}</span><span>${escape(p.orderNo)}</span></div>
<div class="row"><span>${escape(p.description)}</span></div>
<div class="row"><span>${t('cashier.amount')}</span><span class="amount" data-testid="amount">${escape(yuan(p.amountFen))}</span></div></div>
<form method="post" action="${escape(p.action)}/pay"><input type="hidden" name="t" value="${escape(p.token)}">
<button class="pay" type="submit" data-testid="pay">${t('cashier.pay')}</button></form>
<form method="post" action="${escape(p.action)}/cancel" onsubmit="return confirm(${escape(confirmText)})">
<input type="hidden" name="t" value="${escape(p.token)}">
<button class="cancel" type="submit" data-testid="cancel">${t('cashier.cancel')}</button></form>`,
  );
}

/** A cashier link that cannot be used (altered, expired, order no longer payable), with a way back. */
export function cashierError(lang: Lang, key: MessageKey, back?: string, params?: MessageParams): string {
  const link = back ? `<p><a href="${escape(back)}">${escape(translate(lang, 'cashier.back'))}</a></p>` : '';
  return shell(lang, `<p class="error" data-testid="error">${escape(translate(lang, key, params))}</p>${link}`);
}
