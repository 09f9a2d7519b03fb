/** The request ids users see: `req-NNN`, at least three digits. */
export const confirmationNumber = (requestId: number) => `req-${String(requestId).padStart(3, '0')}`;
