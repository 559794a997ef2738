import { readCredentials } from '@liveedu/api-client';
import { ANSWERS_ELEMENT_ID } from './app/answers-element.ts';

// The async boundary lets the federation runtime settle the shared modules before React starts.
const start = () => import('./bootstrap.tsx');
// A page the server rendered for a visitor starts once it has loaded and painted: its content,
// pictures included, shows before the scripts' work (most of a page's load on a slow phone)
// holds the main thread; its links work meanwhile and its controls wait, disabled, for the app
// (HydrationGate). A signed-in user's page is made again in the browser, and a page that came
// unrendered has nothing to paint: those start at once.
const paintFirst = document.getElementById(ANSWERS_ELEMENT_ID) !== null && readCredentials() === null;
const afterPaint = () => requestAnimationFrame(() => setTimeout(start));
if (!paintFirst) void start();
else if (document.readyState === 'complete') afterPaint();
else window.addEventListener('load', afterPaint, { once: true });
