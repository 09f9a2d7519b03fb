// Mantine's styles per component: every module of the app that imports components from
// @mantine/core (or dates, notifications, modals) gets the stylesheets of those components and of the
// components they are built from, so each route's chunk carries only the CSS it renders instead of
// all of Mantine (about 40 KB gzip) blocking the first paint of every page.
//
// The files are Mantine's `*.layer.css` (everything inside `@layer mantine`): the app's own CSS is
// outside any layer and so always wins over Mantine's, whichever chunk's stylesheet arrives first.
// Which component is built from which is read from Mantine's own ES modules (their relative imports
// between component folders), so a Mantine upgrade needs no list kept by hand here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Plugin } from 'vite';

const CORE = '@mantine/core';
/** Mantine packages whose components render core components (read from their `from '@mantine/core'`). */
const EXTENSIONS = {
  '@mantine/dates': { styles: '@mantine/dates/styles.layer.css', renders: () => true },
  // The store (`notifications.show`) is used everywhere; only the component renders anything.
  '@mantine/notifications': {
    styles: '@mantine/notifications/styles.layer.css',
    renders: (name: string) => name === 'Notifications',
  },
  '@mantine/modals': { styles: null, renders: (name: string) => name === 'ModalsProvider' },
} as const;

type Extension = keyof typeof EXTENSIONS;

interface MantineStyles {
  /** Stylesheet imports for names imported from a package, in Mantine's own order. */
  stylesFor(source: string, names: string[]): string[];
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : path.endsWith('.mjs') ? [path] : [];
  });
}

/**
 * The styled unit a file of @mantine/core belongs to: the deepest folder with a stylesheet of its own
 * (`components/Checkbox/CheckboxCard/...` is CheckboxCard, `utils/InlineInput/...` is InlineInput,
 * which Switch, Checkbox and Radio render their labels with), else its `components/<Name>` folder.
 */
function componentOf(coreEsm: string, file: string, sheets: Set<string>): string | null {
  const parts = relative(coreEsm, file).split(/[\\/]/);
  const folders = parts.slice(1, -1);
  const styled = folders.findLast((folder) => sheets.has(folder));
  if (styled && (parts[0] === 'components' || parts[0] === 'utils')) return styled;
  return parts[0] === 'components' && parts.length > 2 ? parts[1]! : null;
}

const IMPORT_NAMES = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

function importedNames(clause: string): string[] {
  return clause
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0]!.trim());
}

export function readMantineStyles(root: string): MantineStyles {
  const packageDir = (name: string) => join(root, 'node_modules', name);
  const coreEsm = join(packageDir(CORE), 'esm');
  const stylesDir = join(packageDir(CORE), 'styles');
  const sheets = new Set(
    readdirSync(stylesDir).flatMap((name) => name.match(/^([A-Z]\w*)\.layer\.css$/)?.[1] ?? []),
  );
  const unitOf = (file: string) => componentOf(coreEsm, file, sheets);

  // Which component folder each public name of @mantine/core comes from.
  const folderOfName = new Map<string, string>();
  for (const match of readFileSync(join(coreEsm, 'index.mjs'), 'utf8').matchAll(IMPORT_NAMES)) {
    const folder = unitOf(join(coreEsm, match[2]!));
    if (folder) for (const name of importedNames(match[1]!)) folderOfName.set(name, folder);
  }

  // Component folder → the component folders its modules import.
  const uses = new Map<string, Set<string>>();
  for (const file of [...walk(join(coreEsm, 'components')), ...walk(join(coreEsm, 'utils'))]) {
    const folder = unitOf(file);
    if (!folder) continue;
    const set = uses.get(folder) ?? new Set<string>();
    uses.set(folder, set);
    for (const match of readFileSync(file, 'utf8').matchAll(/from\s*["'](\.[^"']+)["']/g)) {
      const used = unitOf(join(dirname(file), match[1]!));
      if (used && used !== folder) set.add(used);
    }
  }

  // Mantine's own order of the stylesheets (styles.layer.css is their concatenation): a component
  // comes after the ones it is built from.
  const all = readFileSync(join(packageDir(CORE), 'styles.layer.css'), 'utf8');
  const rank = new Map<string, number>();
  for (const name of readdirSync(stylesDir)) {
    const folder = name.match(/^([A-Z]\w*)\.layer\.css$/)?.[1];
    if (!folder) continue;
    const firstClass = readFileSync(join(stylesDir, name), 'utf8').match(/\.(m_[0-9a-f]+)/)?.[1];
    rank.set(folder, firstClass ? all.indexOf(`.${firstClass}`) : 0);
  }

  const closure = (folders: Iterable<string>): Set<string> => {
    const seen = new Set<string>();
    const stack = [...folders];
    while (stack.length > 0) {
      const folder = stack.pop()!;
      if (seen.has(folder)) continue;
      seen.add(folder);
      stack.push(...(uses.get(folder) ?? []));
    }
    return seen;
  };
  const coreStyles = (names: Iterable<string>): string[] =>
    [...closure([...names].flatMap((name) => folderOfName.get(name) ?? []))]
      .filter((folder) => rank.has(folder))
      .sort((a, b) => rank.get(a)! - rank.get(b)!)
      .map((folder) => `${CORE}/styles/${folder}.layer.css`);

  // The core names each extension package renders with.
  const extensionCoreNames = new Map<Extension, string[]>();
  for (const extension of Object.keys(EXTENSIONS) as Extension[]) {
    const esm = join(packageDir(extension), 'esm');
    const names = new Set<string>();
    if (existsSync(esm)) {
      for (const file of walk(esm)) {
        for (const match of readFileSync(file, 'utf8').matchAll(IMPORT_NAMES)) {
          if (match[2] === CORE) for (const name of importedNames(match[1]!)) names.add(name);
        }
      }
    }
    extensionCoreNames.set(extension, [...names]);
  }

  return {
    stylesFor(source, names) {
      if (source === CORE) return coreStyles(names);
      const extension = EXTENSIONS[source as Extension];
      if (!extension || !names.some((name) => extension.renders(name))) return [];
      const own = extension.styles ? [extension.styles] : [];
      return [...coreStyles(extensionCoreNames.get(source as Extension) ?? []), ...own];
    },
  };
}

const MANTINE_IMPORT =
  /import\s*(type\s+)?\{([^}]*)\}\s*from\s*['"](@mantine\/(?:core|dates|notifications|modals))['"]/g;

/** The stylesheet imports a module of the app needs for what it imports from Mantine. */
export function stylesOfModule(code: string, styles: MantineStyles): string[] {
  const needed = new Set<string>();
  for (const match of code.matchAll(MANTINE_IMPORT)) {
    if (match[1]) continue;
    for (const sheet of styles.stylesFor(match[3]!, importedNames(match[2]!))) needed.add(sheet);
  }
  return [...needed];
}

/** Adds the stylesheet imports to the app's modules (src/app only; tests and the server skip it). */
export function mantineComponentStyles(): Plugin {
  let root = process.cwd();
  let styles: MantineStyles | null = null;
  return {
    name: 'fieldbid:mantine-component-styles',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    transform: {
      filter: { id: /\/src\/app\/.*\.tsx?$/ },
      handler(code) {
        if (!code.includes('@mantine/')) return null;
        styles ??= readMantineStyles(root);
        const sheets = stylesOfModule(code, styles);
        if (sheets.length === 0) return null;
        // Appended, so the module's own lines (and its source map) stay where they were; imports are
        // hoisted anyway, and the layer makes their order against the app's CSS irrelevant.
        return { code: `${code}\n${sheets.map((sheet) => `import '${sheet}';`).join('\n')}\n`, map: null };
      },
    },
  };
}
