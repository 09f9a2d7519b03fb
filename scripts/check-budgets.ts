// `npm run check:budgets [dist]`: the first-load budgets on a finished build (scripts/budgets.ts).
// Exit 1 when one is broken, so `npm test` fails.
import { resolve } from 'node:path';
import { checkBudgets } from './budgets.ts';

const dist = resolve(process.argv[2] ?? 'dist');
const report = checkBudgets(dist);
console.log(`Budgets of ${dist}`);
for (const line of report.lines) console.log(`  ${line}`);
if (report.failures.length > 0) {
  for (const failure of report.failures) console.error(`BUDGET BROKEN: ${failure}`);
  process.exit(1);
}
console.log('All budgets met.');
