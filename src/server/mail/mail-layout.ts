import { escapeHtml } from '#shared/escape-html.ts';

const PRODUCT = 'FieldBid';

export interface MailContent {
  subject: string;
  /** Paragraphs of plain text, shown in both bodies. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Lines shown after the action, e.g. how long a link lasts. */
  footnote?: string;
  /** Small links at the end (a notification mail's unsubscribe and settings links). */
  links?: Array<{ label: string; url: string }>;
}

/** The plain-text and HTML bodies of one mail, both naming the product and carrying the same link. */
export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  const textParts = [...content.paragraphs];
  if (content.action) textParts.push(`${content.action.label}: ${content.action.url}`);
  if (content.footnote) textParts.push(content.footnote);
  textParts.push(`— The ${PRODUCT} team`);
  for (const link of content.links ?? []) textParts.push(`${link.label}: ${link.url}`);

  const paragraphHtml = content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const actionHtml = content.action
    ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#ffffff;border-radius:4px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:13px;color:#555">Or open this link: ${escapeHtml(content.action.url)}</p>`
    : '';
  const footHtml = content.footnote
    ? `<p style="font-size:13px;color:#555">${escapeHtml(content.footnote)}</p>`
    : '';
  const linksHtml = (content.links ?? [])
    .map(
      (link) =>
        `<p style="font-size:12px;color:#555"><a href="${escapeHtml(link.url)}" style="color:#555">${escapeHtml(link.label)}</a></p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">
<h2 style="color:#1c7ed6">${PRODUCT}</h2>
${paragraphHtml}
${actionHtml}
${footHtml}
<p>— The ${PRODUCT} team</p>
${linksHtml}
</body></html>`;
  return { subject: content.subject, text: `${textParts.join('\n\n')}\n`, html };
}
