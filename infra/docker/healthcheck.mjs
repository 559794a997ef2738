#!/usr/bin/env node
// The images' HEALTHCHECK: exits 0 when HEALTHCHECK_URL answers 2xx within two seconds. Node's
// own fetch, because the slim base image has neither curl nor wget.
const url = process.env.HEALTHCHECK_URL;
if (!url) {
  process.stderr.write('HEALTHCHECK_URL is not set\n');
  process.exit(2);
}
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  if (!response.ok) process.stderr.write(`${url} answered ${response.status}\n`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  process.stderr.write(`${url}: ${error.message}\n`);
  process.exit(1);
}
