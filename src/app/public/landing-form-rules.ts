import { isApiError } from '#app/lib/api-error.ts';

/**
 * The server's field errors for the fields a landing form has (joined, as login shows them); when
 * none match, the form shows the spec's failure toast instead (public spec, section 8).
 */
export function knownFieldErrors(fieldErrors: Record<string, string[]>, fields: readonly string[]) {
  const known: Record<string, string> = {};
  for (const field of fields) {
    const messages = fieldErrors[field];
    if (messages && messages.length > 0) known[field] = messages.join(' ');
  }
  return known;
}

/**
 * After a refused submit: the server's messages on the fields this form has, else `otherwise`
 * (a network error, a 5xx, a rate limit or an error about no field here).
 */
export function showServerErrors(
  error: unknown,
  fields: readonly string[],
  setErrors: (errors: Record<string, string>) => void,
  otherwise: () => void,
) {
  const known = isApiError(error) ? knownFieldErrors(error.fieldErrors, fields) : {};
  if (Object.keys(known).length > 0) setErrors(known);
  else otherwise();
}
