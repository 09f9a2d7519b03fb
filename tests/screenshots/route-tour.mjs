// Every signed-in screen of each role at 1280 and 375 px, for a person to look at (no interaction
// beyond opening each route). Run after a build, under the shared lock:
//   flock /tmp/fieldbid-browser.lock sh -c 'npm run build && node tests/screenshots/route-tour.mjs'
// ONLY=vendor (or manager, admin) limits the tour to one role.
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, settled as settlePage, signIn } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base, stop } = await startScreenshotServer(8205);
const out = process.env.SCREENSHOT_DIR ?? '/tmp/fieldbid-route-tour';
mkdirSync(out, { recursive: true });

const settled = (page) => settlePage(page, 700);

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
      // A property the vendor works on (an accepted bid) opens its documentation.
      const bids = await apiJson(page, '/api/vendor/bids/?status=accepted');
      const acceptedRequest = (bids.results ?? bids)[0]?.request_id;
      const detail = acceptedRequest ? await apiJson(page, `/api/requests/${acceptedRequest}/`) : null;
      const accepted = detail?.project?.id ?? null;
      return [
        ['dashboard', '/vendor/dashboard'],
        ['jobs', '/vendor/jobs'],
        ['request', `/vendor/requests/${id}`],
        ['bids', '/vendor/bids'],
        ['messages', '/vendor/messages'],
        ['conversation', `/vendor/messages/${id}`],
        ['notifications', '/vendor/notifications'],
        ['outbox', '/vendor/outbox'],
        ...(accepted ? [['documentation', `/vendor/properties/${accepted}/documentation`]] : []),
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
        ['applications', '/admin/applications'],
        ['clients', '/admin/clients'],
        ['users', '/admin/users'],
        ['plans', '/admin/plans'],
        ['inbox', '/admin/inbox'],
        ['mail', '/admin/mail'],
        ['audit-log', '/admin/audit-log'],
        ['asbuilds', '/property-manager/1/asbuilds'],
      ];
    },
  },
};

async function tour(browser, role, width) {
  const { email, routes } = tours[role];
  const { context, page } = await newPage(browser, width);
  await signIn(page, base, email);
  await settled(page);
  for (const [name, path] of await routes(page)) {
    await page.goto(`${base}${path}`);
    await settled(page);
    await page.screenshot({ path: `${out}/${role}-${name}-${width}.png`, fullPage: true });
  }
  await context.close();
}

const browser = await launchBrowser();
try {
  for (const role of process.env.ONLY ? [process.env.ONLY] : Object.keys(tours)) {
    for (const width of [1280, 375]) await tour(browser, role, width);
  }
} finally {
  await browser.close();
  stop();
}
console.log(`screenshots in ${out}`);
