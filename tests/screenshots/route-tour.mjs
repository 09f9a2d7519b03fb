// Every signed-in screen of each role at 1280 and 375 px, for a person to look at (no interaction
// beyond opening each route). Run after a build, under the shared lock:
//   flock /tmp/fieldbid-browser.lock sh -c 'npm run build && node tests/screenshots/route-tour.mjs'
// ONLY=vendor (or manager, admin) limits the tour to one role.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const port = Number(process.env.SCREENSHOT_PORT ?? 8205);
const base = `http://127.0.0.1:${port}`;
const out = process.env.SCREENSHOT_DIR ?? '/tmp/fieldbid-route-tour';
mkdirSync(out, { recursive: true });

const server = spawn('node', ['scripts/e2e-server.mjs', String(port)], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.on('exit', () => server.kill('SIGTERM'));

async function waitForServer() {
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

async function settled(page) {
  await page.waitForTimeout(300);
  await page
    .locator('[role=status][aria-label^="Loading"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15000 })
    .catch(() => {});
  await page.waitForTimeout(700);
}

async function apiJson(page, path) {
  return page.evaluate(async (url) => {
    const answer = await fetch(url, {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return answer.json();
  }, path);
}

const tours = {
  vendor: {
    email: 'vendor@demo.local',
    async routes(page) {
      const jobs = await apiJson(page, '/api/vendor/jobs/?page_size=1');
      const id = jobs.results?.[0]?.id ?? 1;
      return [
        ['dashboard', '/vendor/dashboard'],
        ['jobs', '/vendor/jobs'],
        ['request', `/vendor/requests/${id}`],
        ['bids', '/vendor/bids'],
        ['messages', '/vendor/messages'],
        ['conversation', `/vendor/messages/${id}`],
        ['notifications', '/vendor/notifications'],
        ['outbox', '/vendor/outbox'],
        ['settings', '/vendor/settings'],
      ];
    },
  },
  manager: {
    email: 'manager@demo.local',
    async routes(page) {
      const list = await apiJson(page, '/api/property-manager/maintenance-requests/?page_size=1');
      const id = list.results?.[0]?.id ?? 1;
      const projects = await apiJson(page, '/api/user/projects/');
      const project = (Array.isArray(projects) ? projects : (projects.results ?? []))[0];
      const clientId = project?.client_id ?? project?.clientId ?? 1;
      return [
        ['dashboard', '/property-manager/dashboard'],
        ['maintenance', '/property-manager/maintenance'],
        ['maintenance-create', '/property-manager/maintenance/create'],
        ['request', `/property-manager/requests/${id}`],
        ['client-properties', `/property-manager/client-properties/${clientId}`],
        ['documentation', '/property-manager/documentation'],
        ['history', `/property-manager/${project?.id ?? 1}/history`],
        ['asbuilds', `/property-manager/${project?.id ?? 1}/asbuilds`],
        ['vendors', '/property-manager/vendors'],
        ['team', '/property-manager/team'],
        ['messages', '/property-manager/messages'],
        ['notifications', '/property-manager/notifications'],
        ['settings', '/property-manager/settings/profile'],
      ];
    },
  },
  admin: {
    email: 'admin@demo.local',
    async routes() {
      return [
        ['plans', '/admin/plans'],
        ['mail', '/admin/mail'],
      ];
    },
  },
};

async function tour(browser, role, width) {
  const { email, routes } = tours[role];
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 740 : 860 } });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('demo12345');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await settled(page);
  for (const [name, path] of await routes(page)) {
    await page.goto(`${base}${path}`);
    await settled(page);
    await page.screenshot({ path: `${out}/${role}-${name}-${width}.png`, fullPage: true });
  }
  await context.close();
}

await waitForServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const role of process.env.ONLY ? [process.env.ONLY] : Object.keys(tours)) {
    for (const width of [1280, 375]) await tour(browser, role, width);
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
console.log(`screenshots in ${out}`);
