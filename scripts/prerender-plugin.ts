// Renders the public pages to static HTML at the end of `vite build`: a second, server-side
// build of src/app/prerender/render-page.tsx runs React's prerenderer over the app's own components,
// and each page becomes dist/pages/<name>.html: the built index.html with the page's markup in #root,
// its title, its stylesheets (so it paints from HTML and CSS alone) and its chunks modulepreloaded.
// The shell (dist/index.html, every other route) gets the app's chunks and stylesheets the same way.
// It runs before vite-plugin-pwa's closeBundle, so the service worker precaches the finished files.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { escapeHtml } from '../src/shared/escape-html.ts';
import { SERVER_RENDERED_SCREENS } from '../src/shared/first-calls.ts';
import {
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_PAGES,
  type PrerenderedPath,
  SIGNED_IN_SHELL,
} from '../src/shared/prerendered-pages.ts';
import { ROUTE_CHUNKS_ID, type RouteChunks } from '../src/shared/route-chunks.ts';
import {
  ROOT_ELEMENT,
  SIGNED_IN_PAGES_FILE,
  SIGNED_IN_RENDER_DIR,
  SIGNED_IN_RENDERER,
  type SignedInPages,
} from '../src/shared/signed-in-pages.ts';
import { SERVER_RENDERED_START } from './budgets.ts';
import {
  type BuildManifest,
  chunksOf,
  MANIFEST_FILE,
  type PageChunks,
  pageHead,
  ROUTE_MODULES_FILE,
  withoutAssetTags,
} from './prerender-assets.ts';

interface RenderedPage {
  html: string;
  title: string | null;
  modules: string[];
  hydratedLazy?: string[];
}

const RENDER_ENTRY = 'src/app/prerender/render-page.tsx';
/** The server's renderer of signed-in first screens, kept beside dist/ (never served). */
const SIGNED_IN_RENDER_ENTRY = 'src/app/prerender/render-signed-in.tsx';

interface Rendered {
  pages: Record<PrerenderedPath, RenderedPage>;
  /** The signed-in areas' shell: the markup inside #root. */
  signedInShell: string;
  appModules: string[];
  /** Route pattern → the modules a page load of it runs (render-page.tsx's routeModuleTable). */
  routeModules: Record<string, string[]>;
}

/** A page that never finishes rendering (a lazy part that never loads) fails the build instead. */
const RENDER_TIMEOUT_MS = 60_000;

/**
 * The server-side bundle of the renderer, built into node_modules/.tmp and run in a child process:
 * what the rendered app leaves behind (the query client's timers) must not keep the build running.
 */
/**
 * A server-side bundle of one renderer. Its CSS modules' class names are the browser build's (the same
 * plugin and naming); pageStyles fails the build should they ever differ.
 */
async function buildRenderer(root: string, entry: string, outDir: string, file: string): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      // public/ is the browser's: the server's bundle needs none of it.
      copyPublicDir: false,
      minify: false,
      sourcemap: false,
      rolldownOptions: { output: { entryFileNames: file } },
    },
  });
}

async function renderAll(root: string, paths: PrerenderedPath[]): Promise<Rendered> {
  const outDir = join(root, 'node_modules/.tmp/prerender');
  await buildRenderer(root, RENDER_ENTRY, outDir, 'render-page.js');
  const renderer = pathToFileURL(join(outDir, 'render-page.js')).href;
  const result = join(outDir, 'pages.json');
  // Written to a file: a pipe's last bytes may be lost when the child exits right after writing.
  const script = `
    const { renderPage, renderSignedInShell, routeModuleTable, APP_MODULES } = await import(${JSON.stringify(renderer)});
    const { writeFileSync } = await import('node:fs');
    const pages = {};
    for (const path of ${JSON.stringify(paths)}) pages[path] = await renderPage(path);
    writeFileSync(${JSON.stringify(result)}, JSON.stringify({ pages, signedInShell: await renderSignedInShell(), appModules: APP_MODULES, routeModules: routeModuleTable() }));
    process.exit(0);`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: RENDER_TIMEOUT_MS,
  });
  if (child.status !== 0) {
    throw new Error(`prerendering failed (${child.status ?? child.signal}):\n${child.stderr}`);
  }
  return JSON.parse(readFileSync(result, 'utf8')) as Rendered;
}

/** Each route's chunks and stylesheets beyond the shell's, for main.tsx to ask for at once. */
function routeChunkList(
  manifest: BuildManifest,
  routeModules: Record<string, string[]>,
  shell: PageChunks,
  skip: string[],
): RouteChunks {
  const files: string[] = [];
  const routes: Record<string, number[]> = {};
  const indexOf = (file: string) => {
    const known = files.indexOf(file);
    if (known >= 0) return known;
    files.push(file);
    return files.length - 1;
  };
  for (const [pattern, modules] of Object.entries(routeModules)) {
    if (skip.includes(pattern)) continue;
    const chunks = chunksOf(manifest, modules);
    routes[pattern] = [
      ...chunks.css.filter((file) => !shell.css.includes(file)),
      ...chunks.js.filter((file) => !shell.js.includes(file)),
    ].map(indexOf);
  }
  return { files, routes };
}

/**
 * The chunk list of a page that fetches its scripts after its first paint (a prerendered page, a
 * server-rendered screen): the chunks its modules need besides the entry, which adds their preload
 * links a few a task (src/app/route-chunks.ts). Without it Vite's preload helper added them all in
 * one task at the app's import, the longest task after a prerendered page's first paint (48–50
 * links, 133–200 ms in a trace at 4× slowdown).
 */
function chunkListOf(manifest: BuildManifest, pattern: string, modules: string[]): string {
  // The chunks the entry imported itself are listed too: loaded already, but without a link in the
  // document Vite's helper would add one for each, all in one task.
  const entry = chunksOf(manifest, modules.slice(0, 1)).js.at(-1);
  const files = chunksOf(manifest, modules).js.filter((file) => file !== entry);
  const list: RouteChunks = { files, routes: { [pattern]: files.map((_, index) => index) } };
  return `    <script type="application/json" id="${ROUTE_CHUNKS_ID}">${JSON.stringify(list)}</script>\n`;
}

const STYLED_CLASS = /^(m_[0-9a-f]+|_[A-Za-z]\w*_[\w-]{5}_\d+)$/;

/** The classes the HTML uses from stylesheets: Mantine's `m_…` and the app's CSS modules' `_…`. */
function styledClasses(html: string): Set<string> {
  const used = new Set<string>();
  for (const match of html.matchAll(/class="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) if (STYLED_CLASS.test(name)) used.add(name);
  }
  return used;
}

/**
 * The page's stylesheets: those of its chunks, then those of the lazy parts React's prerenderer
 * rendered too (the landing page's contact form), found by the classes the HTML uses. A class no
 * stylesheet of the build defines fails the build: the page would paint unstyled, or, with class
 * names differing between the two builds, stay so after hydration.
 */
function pageStyles(
  path: string,
  html: string,
  linked: string[],
  allSheets: string[],
  readAsset: (file: string) => string,
): string[] {
  const sheets = [...linked];
  const css = () => sheets.map(readAsset).join('\n');
  let missing = [...styledClasses(html)].filter((name) => !css().includes(`.${name}`));
  for (const sheet of allSheets) {
    if (missing.length === 0) break;
    if (sheets.includes(sheet)) continue;
    const text = readAsset(sheet);
    if (!missing.some((name) => text.includes(`.${name}`))) continue;
    sheets.push(sheet);
    missing = missing.filter((name) => !text.includes(`.${name}`));
  }
  if (missing.length > 0) {
    throw new Error(`prerendered ${path} uses classes no stylesheet defines: ${missing.join(', ')}`);
  }
  return sheets;
}

export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  let written = false;
  return {
    name: 'fieldbid:prerender-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle() {
      written = true;
    },
    closeBundle: {
      sequential: true,
      order: 'pre',
      async handler() {
        // A failed build has nothing to prerender; its own error is the one to show.
        if (!written || config.build.ssr) return;
        const root = config.root;
        const outDir = resolve(root, config.build.outDir);
        const manifest = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), 'utf8')) as BuildManifest;
        const template = withoutAssetTags(readFileSync(join(outDir, 'index.html'), 'utf8'));
        if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
        const entryOf = (modules: string[]) => {
          const entry = manifest[modules[0] ?? ''];
          if (!entry?.isEntry) throw new Error(`${modules[0]} is not an entry of the build`);
          return entry.file;
        };
        const readAsset = (file: string) => readFileSync(join(outDir, file), 'utf8');
        const allSheets = [...new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []))];
        const entries = Object.entries(PRERENDERED_PAGES) as Array<[PrerenderedPath, string]>;
        const { pages, signedInShell, appModules, routeModules } = await renderAll(
          root,
          entries.map(([path]) => path),
        );

        for (const [path, file] of entries) {
          const page = pages[path];
          const chunks = chunksOf(manifest, page.modules);
          chunks.css = pageStyles(path, page.html, chunks.css, allSheets, readAsset);
          // Replacement functions: a `$&` in the page's text must stay text.
          let html = template.replace(
            ROOT_ELEMENT,
            () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${escapeHtml(path)}">${page.html}</div>`,
          );
          const title = page.title;
          if (title)
            html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
          const entry = entryOf(page.modules);
          html = html.replace(
            '</head>',
            () =>
              `${pageHead(chunks, entry, readAsset, { preload: false })}${chunkListOf(manifest, path, [...page.modules, ...(page.hydratedLazy ?? [])])}</head>`,
          );
          mkdirSync(dirname(join(outDir, file)), { recursive: true });
          writeFileSync(join(outDir, file), html);
        }

        writeFileSync(join(outDir, ROUTE_MODULES_FILE), `${JSON.stringify(routeModules, null, 2)}\n`);

        // The shell of every other route: the app's own chunks and stylesheets, without a round trip,
        // and the list of each route's further ones (src/app/route-chunks.ts).
        const shell = chunksOf(manifest, appModules);
        const routeChunks = routeChunkList(manifest, routeModules, shell, [
          '/',
          ...entries.map(([path]) => path),
        ]);
        const routeList = `    <script type="application/json" id="${ROUTE_CHUNKS_ID}">${JSON.stringify(routeChunks)}</script>\n`;
        const shellHead = `${pageHead(shell, entryOf(appModules))}${routeList}`;
        writeFileSync(
          join(outDir, 'index.html'),
          template.replace('</head>', () => `${shellHead}</head>`),
        );

        // The signed-in areas' shell paints their frame from HTML and CSS (inlined, like the pages').
        const signedIn = {
          ...shell,
          css: pageStyles('the signed-in shell', signedInShell, shell.css, allSheets, readAsset),
        };
        writeFileSync(
          join(outDir, SIGNED_IN_SHELL),
          template
            .replace(ROOT_ELEMENT, () => `<div id="root">${signedInShell}</div>`)
            .replace(
              '</head>',
              () => `${pageHead(signedIn, entryOf(appModules), readAsset)}${routeList}</head>`,
            ),
        );

        // The server's renderer of signed-in first screens, and each one's head: like a prerendered
        // page's (its stylesheets inline, its scripts after the first paint and the load), with its
        // route's chunks listed for main.tsx to fetch then, the top bar's tools and the answers'
        // seeding with them (start-app.tsx loads both before hydrating).
        const ssrDir = resolve(outDir, '..', SIGNED_IN_RENDER_DIR);
        await buildRenderer(root, SIGNED_IN_RENDER_ENTRY, ssrDir, SIGNED_IN_RENDERER);
        const heads: Record<string, string> = {};
        for (const pattern of SERVER_RENDERED_SCREENS) {
          const modules = routeModules[pattern];
          if (!modules) throw new Error(`the app has no route ${pattern}`);
          // The top bar's tools hydrate with the screen: their stylesheets inline too, or Vite's helper
          // adds them (10 links) in one task when start-app.tsx loads the tools, and the whole page is
          // styled again as they arrive.
          const chunks = chunksOf(manifest, [...modules, ...SERVER_RENDERED_START]);
          const entry = entryOf(modules);
          const css = [...chunks.css, ...signedIn.css.filter((file) => !chunks.css.includes(file))];
          heads[pattern] =
            pageHead({ js: chunks.js, css }, entry, readAsset, { preload: false }) +
            chunkListOf(manifest, pattern, [...modules, ...SERVER_RENDERED_START]);
        }
        const signedInPages: SignedInPages = { template, heads };
        writeFileSync(join(ssrDir, SIGNED_IN_PAGES_FILE), JSON.stringify(signedInPages));
      },
    },
  };
}
