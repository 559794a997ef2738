#!/usr/bin/env node
// The web server of the front-end images (the host shell and each remote): static files with the
// cache policy federation needs, the host's run-time configuration, health probes, Prometheus
// metrics and one JSON log line per request. Node only, no packages: the image copies this file
// and the app's dist/ and nothing else.
//
// Environment:
//   STATIC_ROOT      folder served (required)
//   APP_NAME         name in logs and metrics (host, mfe-catalog, ...)
//   PORT, HOST       where to listen (8080, 0.0.0.0)
//   BASE_PATH        also serve the files under this prefix, e.g. /mf/catalog/ (what the Ingress
//                    forwards for a remote); the root keeps working
//   SPA_FALLBACK=1   a page path that is no file answers index.html (the host's client routes)
//   CORS_ORIGIN      access-control-allow-origin for the files (remotes read from another origin)
//   APP_CONFIG=1     answer /app-config.json: { apiBaseUrl, remotes, razorpayCheckoutUrl } from
//                    API_BASE_URL (/), MFE_<NAME>_URL (/mf/<name>/mf-manifest.json) and
//                    RAZORPAY_CHECKOUT_URL
//   PROXY_ROUTES     "prefix=upstream,..." forwarded as they are, e.g.
//                    "/api/=http://gateway:8080,/mf/catalog/=http://mfe-catalog:8080" — lets the
//                    host be the one public origin where no Ingress does that routing (compose)
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const env = process.env;
const appName = env.APP_NAME || 'static';

function fail(message) {
  process.stderr.write(`${appName}: cannot start: ${message}\n`);
  process.exit(1);
}

if (!env.STATIC_ROOT) fail('STATIC_ROOT is required');
const root = resolve(env.STATIC_ROOT);
if (!existsSync(root)) fail(`STATIC_ROOT ${root} does not exist`);
const port = Number(env.PORT || 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`PORT must be a port number, got "${env.PORT}"`);
const basePath = env.BASE_PATH ? `/${env.BASE_PATH.replace(/^\/+|\/+$/g, '')}/` : '';
const spaFallback = env.SPA_FALLBACK === '1';

const proxies = [];
for (const pair of (env.PROXY_ROUTES || '').split(',')) {
  const trimmed = pair.trim();
  if (!trimmed) continue;
  const at = trimmed.indexOf('=');
  if (at <= 0) fail(`PROXY_ROUTES entries are prefix=upstream, got "${trimmed}"`);
  let upstream;
  try {
    upstream = new URL(trimmed.slice(at + 1));
  } catch {
    fail(`PROXY_ROUTES upstream of "${trimmed}" is not a URL`);
  }
  proxies.push({ prefix: trimmed.slice(0, at), upstream });
}
// Longest prefix first, so /mf/catalog/ wins over a shorter one.
proxies.sort((a, b) => b.prefix.length - a.prefix.length);

const REMOTES = ['catalog', 'learner', 'tutor', 'admin'];
const appConfig =
  env.APP_CONFIG === '1'
    ? JSON.stringify({
        apiBaseUrl: env.API_BASE_URL || '/',
        remotes: Object.fromEntries(
          REMOTES.map((name) => [
            name,
            env[`MFE_${name.toUpperCase()}_URL`] || `/mf/${name}/mf-manifest.json`,
          ]),
        ),
        ...(env.RAZORPAY_CHECKOUT_URL ? { razorpayCheckoutUrl: env.RAZORPAY_CHECKOUT_URL } : {}),
      })
    : null;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Files that say where everything else is are revalidated every time; hashed files never change. */
function cacheControl(name) {
  if (name === 'index.html' || name === 'remoteEntry.js' || name.endsWith('.json')) return 'no-cache';
  if (/\.[0-9a-f]{8,}\./.test(name)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

// Prometheus metrics, the same names and labels the services export.
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const counts = new Map();
const latencies = new Map();
function observe(method, route, status, seconds) {
  const countKey = `method="${method}",route="${route}",status="${status}"`;
  counts.set(countKey, (counts.get(countKey) ?? 0) + 1);
  const latencyKey = `method="${method}",route="${route}"`;
  let h = latencies.get(latencyKey);
  if (!h) {
    h = { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 };
    latencies.set(latencyKey, h);
  }
  BUCKETS.forEach((le, i) => {
    if (seconds <= le) h.buckets[i] += 1;
  });
  h.sum += seconds;
  h.count += 1;
}
function metricsText() {
  const service = `service="${appName}"`;
  const lines = [
    '# HELP http_requests_total HTTP requests by route and status',
    '# TYPE http_requests_total counter',
  ];
  for (const [key, value] of counts) lines.push(`http_requests_total{${service},${key}} ${value}`);
  lines.push('# HELP http_request_duration_seconds HTTP request latency by route');
  lines.push('# TYPE http_request_duration_seconds histogram');
  for (const [key, h] of latencies) {
    BUCKETS.forEach((le, i) => {
      lines.push(`http_request_duration_seconds_bucket{${service},${key},le="${le}"} ${h.buckets[i]}`);
    });
    lines.push(`http_request_duration_seconds_bucket{${service},${key},le="+Inf"} ${h.count}`);
    lines.push(`http_request_duration_seconds_sum{${service},${key}} ${h.sum}`);
    lines.push(`http_request_duration_seconds_count{${service},${key}} ${h.count}`);
  }
  const memory = process.memoryUsage();
  lines.push('# HELP process_resident_memory_bytes Resident memory size in bytes.');
  lines.push('# TYPE process_resident_memory_bytes gauge');
  lines.push(`process_resident_memory_bytes{${service}} ${memory.rss}`);
  return `${lines.join('\n')}\n`;
}

// The services' log format (pino): numeric levels, epoch milliseconds, `msg`.
const LEVELS = { info: 30, warn: 40, error: 50 };
function log(level, fields) {
  process.stdout.write(
    `${JSON.stringify({ level: LEVELS[level], time: Date.now(), service: appName, hostname: env.HOSTNAME, ...fields })}\n`,
  );
}

function send(res, status, type, body, cache = 'no-cache') {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': cache,
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

/** The file a URL path names, or null when it is outside the root or no file. */
function fileFor(pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root + sep)) return null;
  try {
    const stat = statSync(full);
    if (stat.isFile()) return { path: full, stat };
    if (stat.isDirectory()) {
      const index = join(full, 'index.html');
      const indexStat = statSync(index, { throwIfNoEntry: false });
      if (indexStat?.isFile()) return { path: index, stat: indexStat };
    }
  } catch {
    // no such file
  }
  return null;
}

function serveFile(req, res, file) {
  const name = file.path.split(sep).pop() ?? '';
  const etag = `W/"${file.stat.size.toString(16)}-${Math.floor(file.stat.mtimeMs).toString(16)}"`;
  const headers = {
    'content-type': TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream',
    'cache-control': cacheControl(name),
    etag,
    'last-modified': file.stat.mtime.toUTCString(),
    'x-content-type-options': 'nosniff',
  };
  if (env.CORS_ORIGIN) headers['access-control-allow-origin'] = env.CORS_ORIGIN;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['content-length'] = String(file.stat.size);
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file.path).pipe(res);
}

function proxy(req, res, target, reqId) {
  const url = new URL(req.url ?? '/', target.upstream);
  const headers = { ...req.headers, host: url.host, 'x-forwarded-host': req.headers.host ?? '' };
  headers['x-forwarded-proto'] = req.headers['x-forwarded-proto'] ?? 'http';
  headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
    .filter(Boolean)
    .join(', ');
  const upstream = http.request(url, { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', (err) => {
    log('warn', { reqId, msg: 'upstream failed', upstream: target.upstream.href, err: err.message });
    if (!res.headersSent) send(res, 502, 'application/json', JSON.stringify({ message: 'Bad gateway' }));
    else res.destroy();
  });
  req.pipe(upstream);
}

const server = http.createServer((req, res) => {
  const started = process.hrtime.bigint();
  const reqId = randomUUID();
  const method = req.method ?? 'GET';
  let pathname = (req.url ?? '/').split('?')[0] ?? '/';
  let route = 'unmatched';
  res.on('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (route !== '/healthz' && route !== '/readyz' && route !== '/metrics') {
      observe(method, route, res.statusCode, seconds);
      log('info', {
        reqId,
        req: { method, url: req.url },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(seconds * 1e6) / 1e3,
        msg: 'request completed',
      });
    }
  });

  if (pathname === '/healthz') {
    route = pathname;
    return send(res, 200, 'application/json', JSON.stringify({ status: 'ok' }));
  }
  if (pathname === '/readyz') {
    route = pathname;
    const ready = existsSync(join(root, 'index.html')) || existsSync(join(root, 'mf-manifest.json'));
    return send(
      res,
      ready ? 200 : 503,
      'application/json',
      JSON.stringify({ status: ready ? 'ready' : 'no files' }),
    );
  }
  if (pathname === '/metrics') {
    route = pathname;
    return send(res, 200, 'text/plain; version=0.0.4; charset=utf-8', metricsText());
  }
  const target = proxies.find((p) => pathname.startsWith(p.prefix));
  if (target) {
    route = `proxy ${target.prefix}`;
    return proxy(req, res, target, reqId);
  }
  if (appConfig && pathname === '/app-config.json') {
    route = pathname;
    return send(res, 200, 'application/json; charset=utf-8', appConfig);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    route = 'static';
    return send(res, 405, 'application/json', JSON.stringify({ message: 'Method not allowed' }));
  }
  if (basePath && pathname.startsWith(basePath)) pathname = pathname.slice(basePath.length - 1);
  const file = fileFor(pathname);
  if (file) {
    route = 'static';
    return serveFile(req, res, file);
  }
  const looksLikePage = !/\.[a-z0-9]+$/i.test(pathname);
  if (spaFallback && looksLikePage) {
    const index = fileFor('/index.html');
    if (index) {
      route = 'page';
      return serveFile(req, res, index);
    }
  }
  route = 'not found';
  return send(res, 404, 'application/json', JSON.stringify({ message: `No file for ${pathname}` }));
});

server.keepAliveTimeout = 65_000;
server.listen(port, env.HOST || '0.0.0.0', () => {
  const address = server.address();
  log('info', {
    msg: `${appName} listening on http://${env.HOST || '0.0.0.0'}:${typeof address === 'object' && address ? address.port : port}`,
  });
});

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    log('info', { msg: 'closing', signal });
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
