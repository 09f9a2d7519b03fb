// What the build leaves the server for rendering signed-in first screens: the renderer
// (src/app/prerender/render-signed-in.tsx) and each screen's page around it, in a directory beside
// the served one, so neither is ever served or precached.

/** Beside the build's dist/. */
export const SIGNED_IN_RENDER_DIR = 'dist-ssr';
export const SIGNED_IN_RENDERER = 'render-signed-in.js';
export const SIGNED_IN_PAGES_FILE = 'signed-in-pages.json';

/** The id of the page's JSON data block with the answers its screen was rendered from. */
export const FIRST_ANSWERS_ID = 'first-answers';

/**
 * That block: the first calls' answers by URL and the moment the screen's dates were written for. (No
 * viewport: the screen holds a phone's layout and a desktop's, and CSS shows one.)
 */
export interface FirstAnswers {
  renderedAt: number;
  answers: Record<string, unknown>;
}

export interface SignedInPages {
  /** The app's index.html without its asset tags; `ROOT_ELEMENT` marks where the screen goes. */
  template: string;
  /** Route pattern (SERVER_RENDERED_SCREENS) → the tags its page's head gets. */
  heads: Record<string, string>;
}

export const ROOT_ELEMENT = '<div id="root"></div>';
