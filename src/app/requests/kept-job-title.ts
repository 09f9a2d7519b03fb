const TITLE_DESCRIPTION_LENGTH = 48;

/** "Plumbing #12 · Kitchen sink drains slowly…": what the kept-jobs panel lists the job as. */
export function keptJobTitle(job: { id: number; description: string }, type: string): string {
  const text = job.description.replace(/\s+/g, ' ').trim();
  const short =
    text.length > TITLE_DESCRIPTION_LENGTH
      ? `${text.slice(0, TITLE_DESCRIPTION_LENGTH - 1).trimEnd()}…`
      : text;
  return short ? `${type} #${job.id} · ${short}` : `${type} #${job.id}`;
}
