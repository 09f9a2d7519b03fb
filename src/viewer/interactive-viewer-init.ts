import { mountViewer } from './mount-viewer.ts';
import { mountSharedPlans } from './shared-plan-embed.ts';

/*
 * /static/js/interactive-viewer-init.js, loaded after interactive-viewer.js. It adds
 * `FieldBidViewer.mount(host, options)` (the app's as-builds page: the viewer with its writes, which
 * send the page's <meta name="csrf-token">), and mounts every read-only embed on the page:
 * `<div data-fieldbid-plan="<share token>"></div>` (README, "Embedding a shared floor plan").
 */

// The server these scripts came from answers the embed's calls, whichever site the page is on.
const origin = new URL((document.currentScript as HTMLScriptElement | null)?.src || location.href).origin;

function start() {
  const core = window.FieldBidViewer;
  if (!core?.createViewer) {
    console.error(
      'FieldBid viewer: load /static/js/interactive-viewer.js before interactive-viewer-init.js.',
    );
    return;
  }
  window.FieldBidViewer = { ...core, mount: (host, options) => mountViewer(core, host, options) };
  mountSharedPlans(core, origin);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
