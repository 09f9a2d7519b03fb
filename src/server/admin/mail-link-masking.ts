/**
 * Single-use links (set or reset a password, confirm an address) are credentials: whoever opens one
 * acts as its owner. Staff read sent mail to help customers, not to take over their accounts, so the
 * staff mail view shows these links with the secret part replaced by MASK. The user still receives
 * the real mail; a superuser may ask for the bodies whole (mail-routes.ts).
 */
export const MASK = '•••';

const URL_PATTERN = /https?:\/\/[^\s"'<>]+/g;
/** Query parameters that carry a credential whatever their value looks like. */
const SECRET_PARAMETER = /^(key|token|code|secret|password|signature|sig)$|(token|key|secret)$/i;
/** Paths whose every later segment is the token itself (src/app routes of the password flows). */
const TOKEN_PATHS = ['reset-password-confirm', 'set-password', 'confirm-email'];
/**
 * What a random token looks like: 20 or more URL-safe characters mixing letters and digits. A
 * backstop for links nobody listed here yet; masking a harmless value costs staff little.
 */
const TOKEN_LIKE = /^(?=[^/]*[0-9])(?=[^/]*[A-Za-z])[A-Za-z0-9_\-.~%]{20,}$/;

function maskPath(path: string): string {
  let afterTokenPath = false;
  return path
    .split('/')
    .map((segment) => {
      const masked = afterTokenPath && segment !== '' ? MASK : maskIfTokenLike(segment);
      if (TOKEN_PATHS.includes(segment)) afterTokenPath = true;
      return masked;
    })
    .join('/');
}

function maskIfTokenLike(value: string): string {
  return TOKEN_LIKE.test(value) ? MASK : value;
}

/** Parameters are split on `&` and on `&amp;` (the same link inside an HTML body). */
function maskQuery(query: string): string {
  return query
    .split(/(&amp;|&)/)
    .map((part) => {
      if (part === '&' || part === '&amp;') return part;
      const equals = part.indexOf('=');
      if (equals < 0) return maskIfTokenLike(part);
      const name = part.slice(0, equals);
      const value = part.slice(equals + 1);
      if (value === '') return part;
      return `${name}=${SECRET_PARAMETER.test(name) ? MASK : maskIfTokenLike(value)}`;
    })
    .join('');
}

function maskUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const fragment = hashAt < 0 ? null : url.slice(hashAt + 1);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt < 0 ? null : beforeHash.slice(queryAt + 1);
  // The scheme and host stay readable: staff see which page the link opens.
  const pathAt = base.indexOf('/', base.indexOf('//') + 2);
  const origin = pathAt < 0 ? base : base.slice(0, pathAt);
  const path = pathAt < 0 ? '' : base.slice(pathAt);
  return (
    origin +
    maskPath(path) +
    (query === null ? '' : `?${maskQuery(query)}`) +
    (fragment === null ? '' : `#${maskQuery(fragment)}`)
  );
}

/** The body (text or HTML) with the secret part of every link replaced by MASK. */
export function maskMailLinks(body: string): string {
  return body.replace(URL_PATTERN, maskUrl);
}
