import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { formatUsd } from '#shared/formatters.ts';
import type { ApprovalDocument } from './approval-document.ts';
import type { ApprovalRow } from './approval-store.ts';

/*
 * The approval certificate (docs/decisions/owner-approval.md): one PDF naming the award, the
 * document's SHA-256 and the decision with its evidence (typed name, time, IP, browser, the drawn
 * signature), or that the manager overrode the owner, or that it was an emergency award. Drawn with
 * a standard font, so it needs no font file; text is limited to what that font encodes.
 */

const PAGE = { width: 612, height: 792, margin: 54 };
const SIZE = 10;
const LEADING = 14;

/** Helvetica's WinAnsi covers Latin-1; anything else is written as '?' rather than failing. */
const printable = (text: string) =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

function wrap(text: string, font: PDFFont, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of printable(text).split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, SIZE) > width) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A wall-clock time in the property's zone, e.g. "2030-01-07 09:00 (America/Denver)". */
function zoned(at: Date, timeZone: string): string {
  try {
    const text = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    }).format(at);
    return `${text.replace(',', '')} (${timeZone})`;
  } catch {
    return `(unknown zone ${timeZone})`;
  }
}

export interface CertificateInput {
  approval: ApprovalRow;
  /** The drawn signature (approved), as stored. */
  signature: Buffer | null;
}

export async function certificatePdf({ approval, signature }: CertificateInput): Promise<Buffer> {
  const document = approval.document as unknown as ApprovalDocument;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Approval certificate ${document.request.number}`);
  pdf.setCreationDate(approval.decidedAt ?? approval.createdAt);
  pdf.setModificationDate(approval.decidedAt ?? approval.createdAt);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  const write = (text: string, strong = false) => {
    for (const line of wrap(text, strong ? bold : font, width)) {
      if (y < PAGE.margin) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      page.drawText(line, { x: PAGE.margin, y, size: SIZE, font: strong ? bold : font });
      y -= LEADING;
    }
  };

  page.drawText('Approval certificate', { x: PAGE.margin, y, size: 18, font: bold });
  y -= 28;
  write(`Request ${document.request.number}: ${document.request.service_type}`, true);
  write(document.request.description);
  write(`Property: ${document.property.name}, ${document.property.address}`);
  write(`Vendor: ${document.chosen.vendor_name}`);
  write(`Option: ${document.chosen.label}`);
  write(`Amount: ${formatUsd(approval.amount)}`);
  write(`Limit: ${approval.nteLimit === null ? 'none' : formatUsd(approval.nteLimit)}`);
  for (const line of document.chosen.lines) {
    write(
      `  ${line.description}: ${line.quantity} ${line.unit} x ${formatUsd(line.unit_price)} = ${formatUsd(line.total)}`,
    );
  }
  if (document.recommendation_note) write(`Manager's note: ${document.recommendation_note}`);
  write(`Asked by: ${document.manager_name}`);
  y -= LEADING / 2;

  const decidedAt = approval.decidedAt ?? approval.createdAt;
  const when = `${decidedAt.toISOString()} (UTC); ${zoned(decidedAt, document.property.time_zone)}`;
  if (approval.status === 'overridden') {
    write(
      `Awarded by ${approval.decidedByName} without the owner's approval (override): ${approval.decisionNote}`,
      true,
    );
    write(`Decided: ${when}`);
  } else if (approval.status === 'emergency') {
    write('Emergency award', true);
    write(
      `Awarded by ${approval.decidedByName} within the property's emergency limit; the owners were told.`,
    );
    write(`Decided: ${when}`);
  } else {
    write(`Approved by the owner: ${approval.decidedByName}`, true);
    write(`Decided: ${when}`);
    write(`IP address: ${approval.decisionIp}`);
    write(`Browser: ${approval.decisionUserAgent}`);
    write(`Terms: ${document.terms}`);
  }
  write(`Document SHA-256: ${approval.documentHash}`);

  if (signature) {
    const image = await pdf.embedPng(signature);
    const scale = Math.min(1, 240 / image.width, 90 / image.height);
    const height = image.height * scale;
    if (y - height < PAGE.margin) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
    write('Signature:');
    page.drawImage(image, { x: PAGE.margin, y: y - height, width: image.width * scale, height });
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
