import { createHash } from 'node:crypto';
import { escapeHtml } from '#shared/escape-html.ts';

/** The unsubscribe link's pages: self-contained HTML (no script, no external asset), like the checkout's. */

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;color:#212529}
main{max-width:480px;margin:40px auto;padding:0 16px}.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:24px}
h1{font-size:20px;margin:0 0 12px}p{line-height:1.5}.muted{color:#5c636a;font-size:14px}
button{margin-top:8px;width:100%;padding:12px;font-size:16px;font-weight:600;color:#fff;background:#1c7ed6;border:0;border-radius:8px;cursor:pointer}
a{color:#1864ab}button:focus-visible,a:focus-visible{outline:2px solid #1c7ed6;outline-offset:2px}`;

/** Only this page's own inline style, allowed by its hash; its form posts to this origin. */
export const UNSUBSCRIBE_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} - FieldBid</title><style>${STYLE}</style></head><body><main><div class="card">${body}</div></main></body></html>`;
}

/**
 * GET: asks first. Mail scanners and link previews open links on their own, so only the POST (the
 * button here, or a mail client's one-click POST, RFC 8058) turns email off.
 */
export function renderUnsubscribeQuestion(options: { label: string; email: string; action: string }): string {
  return layout(
    'Unsubscribe',
    `<h1>Unsubscribe from ${escapeHtml(options.label.toLowerCase())} emails?</h1>
<p>FieldBid will stop emailing <strong>${escapeHtml(options.email)}</strong> about ${escapeHtml(options.label.toLowerCase())}. You still see them in the app, and other kinds of email are not affected.</p>
<form method="post" action="${escapeHtml(options.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function renderUnsubscribed(options: { label: string; settingsUrl: string }): string {
  return layout(
    'Unsubscribed',
    `<h1 role="status">You are unsubscribed</h1>
<p>You will no longer get ${escapeHtml(options.label.toLowerCase())} emails from FieldBid.</p>
<p class="muted">Changed your mind? Turn them back on in your <a href="${escapeHtml(options.settingsUrl)}">notification settings</a>.</p>`,
  );
}

export function renderUnsubscribeInvalid(): string {
  return layout(
    'Link not valid',
    `<h1>This unsubscribe link is not valid</h1><p>It may have been copied incompletely. You can choose which emails you receive in your FieldBid notification settings after signing in.</p>`,
  );
}
