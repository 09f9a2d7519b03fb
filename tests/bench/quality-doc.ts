// docs/quality.md holds the measured figures; each bench part owns one section between markers, so
// a run rewrites its own figures (with the date and commit) and leaves the rest of the page alone.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const QUALITY = join(import.meta.dirname, '..', '..', 'docs', 'quality.md');
const HEADER = `# Measured quality

Figures written by \`npm run bench\` on this project's machine (2 cores, loopback). Absolute numbers
move from run to run on shared machines; the ratios to the same server's ceiling in the same run are
what count. Each section says when and at which commit it was measured.
`;

function commit(): string {
  try {
    const sha = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    const dirty = execSync('git status --porcelain', { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return 'unknown';
  }
}

export function writeQualitySection(id: string, title: string, body: string): void {
  const start = `<!-- bench:${id}:start -->`;
  const end = `<!-- bench:${id}:end -->`;
  const stamp = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at commit ${commit()}.`;
  const section = `${start}\n## ${title}\n\n${stamp}\n\n${body}\n${end}`;
  const page = existsSync(QUALITY) ? readFileSync(QUALITY, 'utf8') : HEADER;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  writeFileSync(
    QUALITY,
    pattern.test(page) ? page.replace(pattern, section) : `${page.trimEnd()}\n\n${section}\n`,
  );
}
