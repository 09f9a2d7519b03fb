// Reads the browser's time zone for rememberTimeZone (cookies.ts) on a thread of its own: the first
// read of Intl loads the locale and zone data, a long task on a slow phone's main thread.
self.postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone);
