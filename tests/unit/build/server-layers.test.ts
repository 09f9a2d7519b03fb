import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { biomeWithServerLayers, SERVER_FLOORS } from '../../../scripts/server-layers.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SERVER = join(ROOT, 'src', 'server');

describe("the server's floors", () => {
  it('biome.json holds exactly the overrides the table writes (npm run lint:layers)', () => {
    const text = readFileSync(join(ROOT, 'biome.json'), 'utf8');
    expect(JSON.parse(biomeWithServerLayers(text))).toEqual(JSON.parse(text));
  });

  it('places every folder of src/server on one floor', () => {
    const folders = readdirSync(SERVER, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const placed = SERVER_FLOORS.flatMap((floor) => floor.folders);
    expect(placed.length).toBe(new Set(placed).size);
    expect([...placed].sort()).toEqual(folders);
  });

  it('refuses an import up a floor, naming the floor', async () => {
    const probe = join(SERVER, 'db', `zz-floor-probe-${process.pid}.ts`);
    writeFileSync(
      probe,
      "import { requireUser } from '#server/auth/guards.ts';\n\nexport const probe = requireUser;\n",
    );
    try {
      const biome = join(ROOT, 'node_modules', '.bin', 'biome');
      const run = await promisify(execFile)(biome, ['lint', probe], { cwd: ROOT }).then(
        () => ({ failed: false, output: '' }),
        (error: { stdout?: string; stderr?: string }) => ({
          failed: true,
          output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
        }),
      );
      expect(run.failed).toBe(true);
      expect(run.output).toContain('db is on the server\'s "storage" floor');
    } finally {
      rmSync(probe, { force: true });
    }
  }, 60_000);
});
