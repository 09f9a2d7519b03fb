import './interactive-viewer.css';
import { createViewer } from './create-viewer.ts';

/*
 * /static/js/interactive-viewer.js: the viewer's core as one classic script (no modules, no
 * framework), so any page can load it; interactive-viewer-init.js mounts it.
 */
window.FieldBidViewer = { ...window.FieldBidViewer, createViewer };
