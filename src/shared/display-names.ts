/*
 * How a request and a bid are named to a person, everywhere: screens, mails, texts, pushes and the
 * CSV export. The spec's own texts fix the form ('Maintenance Request #id', 'Submit Bid for Request
 * #{id}'): the record's id after '#', never padded or prefixed. Mid-sentence prose writes the noun in
 * lower case before the number ("a bid on request #43"), which is the same name.
 */

/** A request's number: '#43'. */
export const requestNumber = (requestId: number): string => `#${requestId}`;

/** A request's name: 'Request #43'. */
export const requestLabel = (requestId: number): string => `Request ${requestNumber(requestId)}`;

/** A bid's number: '#25'. */
export const bidNumber = (bidId: number): string => `#${bidId}`;

/** A bid's name: 'Bid #25'. */
export const bidLabel = (bidId: number): string => `Bid ${bidNumber(bidId)}`;
