// The catalog's server build (docs/adr/0013): its app, as the browser gets it, and each page's head.

export { pageHead } from './app/page-head.ts';
export { default } from './app/remote-app.tsx';
