import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { envPrefix, REMOTE_NAMES, remoteManifestPath } from '@liveedu/platform-registry';
import {
  contentSecurityPolicyTemplate,
  PERMISSIONS_POLICY,
  policyVariablesScript,
} from '@liveedu/site-policy';
import type { Component } from './components.ts';
import { repoRoot } from './paths.ts';
import { settingsOf } from './settings.ts';

/**
 * What one image needs to know of its component, written at build time from the registry
 * (infra/docker/Dockerfile's `profile` stage), so the one Dockerfile takes only `APP`.
 */

/** `app.env`: read by the build steps, the server entrypoint and the HEALTHCHECK. */
export function appEnv(component: Component): string {
  const lines = {
    APP_NAME: component.name,
    APP_DIR: component.dir,
    APP_KIND: component.kind,
    PORT_VARIABLE: component.portVariable,
    DEFAULT_PORT: String(component.port),
    HEALTH_PATH: component.healthPath,
    HEAP_VARIABLE: component.heapVariable ?? '',
    DEFAULT_HEAP_MB: component.heapMb ? String(component.heapMb) : '',
    BUNDLE_ALL: component.bundleAll ? '1' : '',
    // Debian packages the process runs (ffmpeg for the media service's transcoding).
    APT_PACKAGES: (settingsOf(component).aptPackages ?? []).join(' '),
  };
  return `${Object.entries(lines)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')}\n`;
}

/** The host's run-time configuration, `/app-config.json`, from variables the image defaults. */
function appConfigTemplate(): string {
  const remotes = REMOTE_NAMES.map((name) => `"${name}":"\${MFE_${envPrefix(name)}_URL}"`).join(',');
  const body = `{"apiBaseUrl":"\${API_BASE_URL}","remotes":{${remotes}},"razorpayCheckoutUrl":"\${RAZORPAY_CHECKOUT_URL}"}`;
  return [
    '# Where the page finds the API and each remote; written from the environment at start.',
    'location = /app-config.json {',
    '  default_type application/json;',
    '  add_header Cache-Control "no-cache" always;',
    `  return 200 '${body}';`,
    '}',
    '',
  ].join('\n');
}

/**
 * Defaults of the variables the templates use, sourced by the nginx image's entrypoint before it
 * renders them: a variable left unset would otherwise stay in the file as `${NAME}`.
 */
function defaultsScript(component: Component): string {
  const defaults: [string, string][] = [['APP_NAME', component.name]];
  const remoteVariables = REMOTE_NAMES.map((name) => `MFE_${envPrefix(name)}_URL`);
  if (component.role === 'host') {
    defaults.push(
      ['API_BASE_URL', '/'],
      ['RAZORPAY_CHECKOUT_URL', ''],
      ['MEDIA_S3_UPLOAD_ENDPOINT', ''],
      ['LIVEKIT_PUBLIC_URL', ''],
    );
    for (const name of REMOTE_NAMES) defaults.push([`MFE_${envPrefix(name)}_URL`, remoteManifestPath(name)]);
  }
  return [
    '#!/bin/sh',
    `# Defaults of ${component.name}'s configuration (written from the platform registry at build time).`,
    ...defaults.map(([key, value]) => `: "\${${key}:=${value}}"; export ${key}`),
    // The origins the page's Content-Security-Policy names, from that configuration.
    ...(component.role === 'host' ? [policyVariablesScript(remoteVariables)] : []),
    '',
  ].join('\n');
}

/**
 * The page's security headers (the host's documents), as the gateway sends them: the
 * Content-Security-Policy with the origins of the configuration, no framing, the referrer and
 * permissions policies. HSTS is the TLS terminator's (the Ingress); this nginx speaks plain HTTP.
 */
function pageHeadersTemplate(): string {
  return [
    "# The page's security headers, as the gateway sends them (packages/service-kit's site-policy).",
    `add_header Content-Security-Policy "${contentSecurityPolicyTemplate()}" always;`,
    'add_header X-Frame-Options "DENY" always;',
    'add_header Referrer-Policy "strict-origin-when-cross-origin" always;',
    `add_header Permissions-Policy "${PERMISSIONS_POLICY}" always;`,
    'add_header X-Content-Type-Options nosniff always;',
    '',
  ].join('\n');
}

const nginxFile = (name: string) => readFileSync(join(repoRoot, 'infra', 'nginx', name), 'utf8');

/**
 * A front-end image's nginx files, by where they go in the image: templates the image's
 * entrypoint renders into conf.d at start, the include they share, and the defaults script.
 */
export function webFiles(component: Component): Record<string, { text: string; mode?: number }> {
  if (component.kind !== 'web') throw new Error(`${component.name} is not served by nginx`);
  const files: Record<string, { text: string; mode?: number }> = {
    'etc/nginx/templates/00-logging.conf.template': { text: nginxFile('logging.conf.template') },
    'etc/nginx/templates/default.conf.template': { text: nginxFile(`${component.role}.conf.template`) },
    'etc/nginx/liveedu/static-files.conf': { text: nginxFile('static-files.conf') },
    'docker-entrypoint.d/15-liveedu-defaults.envsh': { text: defaultsScript(component), mode: 0o755 },
  };
  if (component.role === 'host') {
    files['etc/nginx/templates/liveedu/app-config.conf.template'] = { text: appConfigTemplate() };
    files['etc/nginx/templates/page/security-headers.conf.template'] = { text: pageHeadersTemplate() };
  }
  return files;
}
