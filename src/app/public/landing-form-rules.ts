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
