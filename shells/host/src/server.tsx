// The host's server build (docs/adr/0013): renders a public page into the host's index.html.
export { renderPage } from './app/server/render-page.tsx';
