// The built app for a screenshot script: scripts/e2e-server.mjs on the script's own port (or
// SCREENSHOT_PORT), stopped when the script exits.
import { spawn } from 'node:child_process';

async function waitForHealth(base) {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not start');
}

/** Starts the server and waits until it answers; gives its base URL and a stop function. */
export async function startScreenshotServer(defaultPort) {
  const port = Number(process.env.SCREENSHOT_PORT ?? defaultPort);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['scripts/e2e-server.mjs', String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  await waitForHealth(base);
  return { base, stop };
}
