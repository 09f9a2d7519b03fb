import { createHash } from 'node:crypto';
import type { DemoFileStore } from './seed-context.ts';

/** A demo vendor's certificate as stored: the file's key and the expiry date printed on it. */
export interface DemoCertificate {
  key: string;
  sizeBytes: number;
  expiresOn: string;
}

/** Text for a PDF string literal: only printable ASCII, with the three special characters escaped. */
function pdfText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '-').replace(/[\\()]/g, (character) => `\\${character}`);
}

/**
 * A one-page PDF certificate of insurance (Letter size, Helvetica), made by hand: the objects, then
 * the cross-reference table with each object's byte offset, which readers use to find them.
 */
export function certificatePdf(companyName: string, expiresOn: string): Buffer {
  const lines = [
    'CERTIFICATE OF LIABILITY INSURANCE (DEMO)',
    '',
    `Insured: ${companyName}`,
    'Insurer: Front Range Mutual (demo data, not a real policy)',
    'Coverage: Commercial general liability, $1,000,000 each occurrence',
    `Policy period ends: ${expiresOn}`,
  ];
  const content = [
    'BT',
    '/F1 12 Tf',
    '16 TL',
    '72 720 Td',
    ...lines.map((line) => `(${pdfText(line)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * Stores a demo vendor's certificate under `demo/insurance-<name>-<hash>.pdf` (the content hash keeps
 * a reseeded database from overwriting a different file of the same name).
 */
export async function storeDemoCertificate(
  files: DemoFileStore,
  name: string,
  companyName: string,
  expiresOn: string,
): Promise<DemoCertificate> {
  const pdf = certificatePdf(companyName, expiresOn);
  const digest = createHash('sha256').update(pdf).digest('hex').slice(0, 12);
  const key = `demo/insurance-${name}-${digest}.pdf`;
  await files.put(key, pdf, 'application/pdf');
  return { key, sizeBytes: pdf.length, expiresOn };
}
