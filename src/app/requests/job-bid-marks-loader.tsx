import { useEffect } from 'react';
import type { JobBidMark } from '#app/bids/job-bid-marks.ts';
import { useJobBidMarks } from './use-job-bid-marks.ts';

interface JobBidMarksLoaderProps {
  onMarks: (marks: ReadonlyMap<number, JobBidMark>) => void;
}

/**
 * Hands Available Jobs the vendor's own bid on each job (use-job-bid-marks.ts) once it is known. A
 * component of its own, loaded after the list: the marks are not needed to draw the first page, and
 * their code (My Bids' answer, the outbox's bids, the price texts) stays out of its first load.
 */
export function JobBidMarksLoader({ onMarks }: JobBidMarksLoaderProps) {
  // Drawn only beside a list: a vendor under review sees its notice instead, and has no bids.
  const marks = useJobBidMarks(true);
  useEffect(() => onMarks(marks), [marks, onMarks]);
  return null;
}
