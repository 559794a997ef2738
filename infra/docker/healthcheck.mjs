#!/usr/bin/env node
// The server images' HEALTHCHECK: exits 0 when the server answers its health path with a 2xx
// within two seconds. The port is the one the server listens on — its variable (app.env's
// PORT_VARIABLE) when set, else its default — so moving the port moves the check. Node's own
// fetch, because the slim base image has neither curl nor wget. HEALTHCHECK_URL overrides.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

function profile() {
  const file = process.env.APP_PROFILE || join(import.meta.dirname, '..', '..', 'app.env');
  const values = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) values[line.slice(0, at)] = line.slice(at + 1);
  }
  return values;
}

let url = process.env.HEALTHCHECK_URL;
if (!url) {
  const app = profile();
  const port = process.env[app.PORT_VARIABLE] || app.DEFAULT_PORT;
  url = `http://127.0.0.1:${port}${app.HEALTH_PATH}`;
}
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  if (!response.ok) process.stderr.write(`${url} answered ${response.status}\n`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  process.stderr.write(`${url}: ${error.message}\n`);
  process.exit(1);
}
