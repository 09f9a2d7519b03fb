import { describe, expect, it } from 'vitest';
import { applicationApprovedMail } from '#server/admin/application-review-mails.ts';
import { MASK, maskMailLinks } from '#server/admin/mail-link-masking.ts';
import { confirmEmailMail, resetPasswordMail } from '#server/mail/account-mails.ts';

const TOKEN = 'dGhpcy1pcy1hLXRlc3QtdG9rZW4tMTIzNDU2Nzg5MDEy';
const SITE = 'https://fieldbid.example';

describe('maskMailLinks', () => {
  it('masks the token of a reset link in the text and HTML bodies, keeping the rest readable', () => {
    const mail = resetPasswordMail(SITE, 'owner@example.test', TOKEN);
    const text = maskMailLinks(mail.text);
    const html = maskMailLinks(mail.html!);
    expect(text).toContain(`Reset Password: ${SITE}/reset-password-confirm/${MASK}\n`);
    expect(text).toContain('This link expires in 1 hour and works once.');
    expect(html).toContain(`href="${SITE}/reset-password-confirm/${MASK}"`);
    expect(html).toContain(`Or open this link: ${SITE}/reset-password-confirm/${MASK}</p>`);
    expect(`${text}${html}`).not.toContain(TOKEN);
  });

  it('masks the key of a confirm-email link', () => {
    const mail = confirmEmailMail(SITE, 'owner@example.test', TOKEN);
    expect(maskMailLinks(mail.text)).toContain(`${SITE}/confirm-email?key=${MASK}`);
    expect(maskMailLinks(mail.html!)).not.toContain(TOKEN);
  });

  it('masks credential parameters whatever they look like, also between &amp; in HTML', () => {
    expect(maskMailLinks('http://x.test/a?page=2&token=short&next=/home')).toBe(
      `http://x.test/a?page=2&token=${MASK}&next=/home`,
    );
    expect(maskMailLinks('<a href="http://x.test/a?id=7&amp;api_key=abc">')).toBe(
      `<a href="http://x.test/a?id=7&amp;api_key=${MASK}">`,
    );
  });

  it('masks anything shaped like a random token in a path, query or fragment of an unknown link', () => {
    expect(maskMailLinks(`Open http://x.test/invite/${TOKEN}/accept now`)).toBe(
      `Open http://x.test/invite/${MASK}/accept now`,
    );
    expect(maskMailLinks(`http://x.test/#access=${TOKEN}`)).toBe(`http://x.test/#access=${MASK}`);
    expect(maskMailLinks(`http://x.test/set-password/short-one`)).toBe(`http://x.test/set-password/${MASK}`);
  });

  it('leaves links without a secret, and text outside links, as they are', () => {
    const mail = applicationApprovedMail(SITE, {
      email: 'owner@example.test',
      firstName: 'Ada',
      company: 'Peak Plumbing',
      kind: 'vendors',
    });
    expect(maskMailLinks(mail.text)).toBe(mail.text);
    expect(maskMailLinks(mail.html!)).toBe(mail.html);
    const plain = `Your API key prefix is fb_abc. See ${SITE}/vendor/requests/42?tab=bids#top`;
    expect(maskMailLinks(plain)).toBe(plain);
  });
});
