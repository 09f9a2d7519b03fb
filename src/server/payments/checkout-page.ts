import { createHash } from 'node:crypto';
import { escapeHtml } from '#shared/escape-html.ts';
import { formatPlanAmount, planPeriod } from '#shared/plan-price.ts';

/** The local provider's checkout page: self-contained HTML (no external assets, no script). */

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;color:#212529}
main{max-width:440px;margin:40px auto;padding:0 16px}.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:24px}
h1{font-size:20px;margin:0 0 4px}.muted{color:#6c757d;font-size:14px;margin:0 0 16px}.amount{font-size:32px;font-weight:700;margin:8px 0 20px}
label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}input{width:100%;padding:10px 12px;font-size:16px;border:1px solid #ced4da;border-radius:8px}
.row{display:flex;gap:12px}.row>div{flex:1}button{margin-top:20px;width:100%;padding:12px;font-size:16px;font-weight:600;color:#fff;background:#1c7ed6;border:0;border-radius:8px;cursor:pointer}
.error{background:#fff5f5;color:#c92a2a;border:1px solid #ffc9c9;border-radius:8px;padding:10px 12px;margin:0 0 12px;font-size:14px}
.note{font-size:13px;color:#6c757d;margin-top:16px}.back{display:inline-block;margin:0 0 12px;font-size:14px;color:#1c7ed6}
button:focus-visible,input:focus-visible,a:focus-visible{outline:2px solid #1c7ed6;outline-offset:2px}`;

/**
 * The policy of every page rendered here: nothing but its own inline <style>, allowed by its hash
 * rather than by the app's `'unsafe-inline'`, and its form posting to this origin.
 */
export const CHECKOUT_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface CheckoutView {
  checkoutId: string;
  productName: string;
  planName: string;
  frequency: string;
  amount: number;
  formToken: string;
  error?: string | undefined;
  /** The name typed before a refused attempt, so only the card details are typed again. */
  cardName?: string | undefined;
}

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function renderCheckoutPage(view: CheckoutView): string {
  const per = planPeriod(view.frequency);
  const error = view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : '';
  return layout(
    `Checkout - ${view.productName}`,
    `<a class="back" href="/vendor-application">&larr; Back to your application</a><div class="card"><h1>${escapeHtml(view.productName)}</h1><p class="muted">${escapeHtml(view.planName)} plan subscription</p>
<p class="amount">${formatPlanAmount(view.amount)} <span class="muted">/ ${per}</span></p>${error}
<form method="post" action="/checkout/${encodeURIComponent(view.checkoutId)}/pay" autocomplete="off">
<input type="hidden" name="form_token" value="${escapeHtml(view.formToken)}">
<label for="card_name">Name on card</label><input id="card_name" name="card_name" autocomplete="cc-name" value="${escapeHtml(view.cardName ?? '')}" required>
<label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" placeholder="12/34" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123" required></div></div>
<button type="submit">Pay ${formatPlanAmount(view.amount)}</button></form>
<p class="note">Test checkout: card 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. No real payment is taken.</p></div>`,
  );
}

export function renderCheckoutMessage(title: string, message: string): string {
  return layout(title, `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></div>`);
}
