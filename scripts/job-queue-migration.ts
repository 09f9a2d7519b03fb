// Writes pg-boss's own schema as a committed Drizzle migration, so the job queue's tables are
// created and upgraded like every other table (server/schedule/ starts pg-boss with migrate: false).
//   npx tsx scripts/job-queue-migration.ts drizzle/0028_job_queue.sql          (a fresh install)
//   npx tsx scripts/job-queue-migration.ts drizzle/NNNN_name.sql <fromVersion>  (after a pg-boss bump)
// Then add the file to drizzle/meta/_journal.json. pg-boss wraps its plan in BEGIN, SET LOCAL and
// an advisory lock; the migrator runs each migration in its own transaction (under the migration
// lock on PostgreSQL), so those go and the statements are split with breakpoints, one per statement.
import { writeFileSync } from 'node:fs';
import { getConstructionPlans, getMigrationPlans } from 'pg-boss';
import { JOB_QUEUE_SCHEMA } from '#server/schedule/job-queue-schema.ts';

/** Splits SQL on the semicolons outside quotes, dollar-quoted bodies and comments. */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let index = 0;
  while (index < script.length) {
    const rest = script.slice(index);
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest);
    if (dollar) {
      const end = script.indexOf(dollar[0], index + dollar[0].length);
      index = end < 0 ? script.length : end + dollar[0].length;
    } else if (rest.startsWith("'")) {
      const end = script.indexOf("'", index + 1);
      index = end < 0 ? script.length : end + 1;
    } else if (rest.startsWith('--')) {
      const end = script.indexOf('\n', index);
      index = end < 0 ? script.length : end + 1;
    } else if (rest.startsWith(';')) {
      statements.push(script.slice(start, index));
      index += 1;
      start = index;
    } else {
      index += 1;
    }
  }
  statements.push(script.slice(start));
  return statements.map((statement) => statement.trim()).filter((statement) => statement.length > 0);
}

const WRAPPING = [/^BEGIN$/i, /^COMMIT$/i, /^SET LOCAL /i, /^SELECT pg_advisory_xact_lock\(/i];

const [target, fromVersion] = process.argv.slice(2);
if (!target) throw new Error('usage: job-queue-migration.ts <drizzle/NNNN_name.sql> [fromVersion]');
const plan = fromVersion
  ? getMigrationPlans(JOB_QUEUE_SCHEMA, Number(fromVersion))
  : getConstructionPlans(JOB_QUEUE_SCHEMA);
const statements = splitStatements(plan).filter(
  (statement) => !WRAPPING.some((rule) => rule.test(statement)),
);
writeFileSync(target, `${statements.join(';\n--> statement-breakpoint\n')};\n`);
console.log(`${target}: ${statements.length} statements`);
