/** Where the server serves the panorama demo's equirectangular picture (drawn in code, no file). */
export const PANORAMA_DEMO_IMAGE_PATH = '/static/panorama/demo.png';
