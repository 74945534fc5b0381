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

/**
 * Our cashier for what a provider does not show itself: WeChat Pay Native on desktops (the code_url as a QR code,
 * polled until paid, then back to the return page) and JSAPI in the WeChat browser (WeixinJSBridge's payment sheet;
 * cancelling asks the specification's question). Its one script carries the request's nonce.
 */
export function ownCashierPage(p: {
  lang: Lang;
  orderNo: string;
  amountFen: number;
  qrSvg?: string;
  jsapi?: object;
  statusUrl: string;
  returnUrl: string;
  cancelUrl: string;
  nonce: string;
}): string {
  const t = (k: MessageKey) => escape(translate(p.lang, k));
  const data = JSON.stringify({
    status: p.statusUrl,
    back: p.returnUrl,
    cancel: p.cancelUrl,
    jsapi: p.jsapi ?? null,
    confirm: translate(p.lang, 'cashier.cancel_confirm'),
    paid: translate(p.lang, 'cashier.paid'),
  }).replace(/</g, '\\u003c');
  const body = p.qrSvg
    ? `<p data-testid="scan">${t('cashier.scan')}</p><div class="qr" data-testid="qr">${p.qrSvg}</div>`
    : `<p>${t('cashier.open_wechat')}</p>`;
  return `<!doctype html><html lang="${p.lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${t('cashier.wechat_title')}</title>
<style>${STYLE}.qr svg{width:220px;height:220px;display:block;margin:8px auto}.state{text-align:center;color:#666}</style></head><body><main>
<h1>${t('cashier.wechat_title')}</h1><div class="card"><div class="row"><span>${t('cashier.order')}</span><span>${escape(p.orderNo)}</span></div>
<div class="row"><span>${t('cashier.amount')}</span><span class="amount" data-testid="amount">${escape(yuan(p.amountFen))}</span></div></div>
<div class="card">${body}<p class="state" id="state" data-testid="state">${t('cashier.waiting')}</p></div>
<a href="${escape(p.cancelUrl)}" id="cancel" data-testid="cancel"><button class="cancel" type="button">${t('cashier.cancel')}</button></a>
<script nonce="${p.nonce}">(function(){var d=${data};var done=false;
function poll(){fetch(d.status,{cache:'no-store'}).then(function(r){return r.json()}).then(function(s){if(s.paid&&!done){done=true;document.getElementById('state').textContent=d.paid;location.replace(d.back)}}).catch(function(){}).then(function(){if(!done)setTimeout(poll,2000)})}
document.getElementById('cancel').addEventListener('click',function(e){if(!confirm(d.confirm))e.preventDefault()});
function pay(){WeixinJSBridge.invoke('getBrandWCPayRequest',d.jsapi,function(r){var m=(r&&r.err_msg)||'';if(m.indexOf(':ok')>0){poll()}else if(m.indexOf('cancel')>0){if(confirm(d.confirm)){location.replace(d.cancel)}else{pay()}}})}
if(d.jsapi){if(typeof WeixinJSBridge==='object'){pay()}else{document.addEventListener('WeixinJSBridgeReady',pay,false)}}
poll()})();</script></main></body></html>`;
}
