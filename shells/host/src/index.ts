// The async boundary lets the federation runtime settle the shared modules before React starts.
// It starts once the page has loaded and painted: a page the server rendered shows its content,
// pictures included, before the scripts' work (most of a page's load on a slow phone) holds the
// main thread. Its links work meanwhile; its controls wait, disabled, for the app (HydrationGate).
const start = () => requestAnimationFrame(() => setTimeout(() => import('./bootstrap.tsx')));
if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
