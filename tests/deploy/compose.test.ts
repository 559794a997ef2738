import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from '@liveedu/deploy';
import { GATEWAY, SERVICE_NAMES as SERVICES, STORAGE_PARTS } from '@liveedu/platform-registry';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  COMPONENTS,
  composeVariables,
  DOCKERFILE,
  exists,
  loadCompose,
  parseDockerfile,
  parseEnvFile,
  REMOTES,
  read,
} from './support.ts';

// The Compose Specification's JSON schema as dclint ships it (copied from compose-spec/compose-spec).
// The package exports no subpath for it, so it is read from beside the package's entry point.
function dclintSchema(): object {
  let dir = dirname(fileURLToPath(import.meta.resolve('dclint')));
  while (!existsSync(join(dir, 'schemas', 'compose.schema.json'))) {
    if (dirname(dir) === dir) throw new Error('dclint/schemas/compose.schema.json not found');
    dir = dirname(dir);
  }
  return JSON.parse(readFileSync(join(dir, 'schemas', 'compose.schema.json'), 'utf8')) as object;
}
// Its $schema names draft-07 by an https URL Ajv does not know; Ajv's default draft is draft-07.
const { $schema: _draft, ...composeSchema } = dclintSchema() as { $schema?: string };

function composeValidator() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addFormat('duration', /^([0-9]+(\.[0-9]+)?(h|m|s|ms|us|ns))+$/);
  return ajv.compile(composeSchema);
}

const compose = loadCompose();
/** Containers that run once to create each part's users on the servers. */
const ONE_SHOT = ['mongo-users', 'minio-users'];
const services = compose.services;

function hasHealthcheck(name: string): boolean {
  const service = services[name];
  if (service?.healthcheck) return true;
  const build = service?.build;
  if (!build) return false;
  const target = parseDockerfile(read(build.dockerfile)).stages.find((s) => s.name === build.target);
  return target?.instructions.some((i) => i.op === 'HEALTHCHECK' && /\bCMD\b/.test(i.args)) ?? false;
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    const validate = composeValidator();
    const valid = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema check catches a broken file', () => {
    const validate = composeValidator();
    const broken = structuredClone(compose);
    (broken.services.catalog as Record<string, unknown>).depends_on = { mongo: { condition: 'healthy' } };
    expect(validate(broken)).toBe(false);
  });

  it('is what `npm run generate` writes from the registry (run it after changing the registry)', () => {
    const files = generatedFiles();
    for (const path of ['docker-compose.yml', 'infra/nginx/compose-routes.conf'])
      expect(read(path), `${path} is stale: run npm run generate`).toBe(files[path]);
  });

  it('lists every service of the registry', () => {
    for (const name of SERVICES) {
      expect(services[name], `compose service ${name}`).toBeDefined();
      expect(services[name]?.image).toMatch(new RegExp(`^liveedu/${name}:`));
    }
  });

  it('builds every component under its one name from the one Dockerfile, on MongoDB 7 as a replica set, NATS JetStream and MinIO', () => {
    for (const component of COMPONENTS) {
      expect(services[component.name]?.build, component.name).toEqual({
        context: '.',
        dockerfile: DOCKERFILE,
        target: component.kind,
        args: { APP: component.name },
      });
    }
    expect(exists(DOCKERFILE)).toBe(true);
    expect(services.mongo?.image).toMatch(/^mongo:7(\.|$)/);
    expect(services.mongo?.command).toEqual(expect.arrayContaining(['--replSet', 'rs0', '--keyFile']));
    expect(services.nats?.command).toContain('--jetstream');
    expect(services.minio?.image).toMatch(/^minio\/minio:/);
    for (const name of SERVICES) {
      const env = services[name]?.environment ?? {};
      // Each service signs in as its own user, to its own database.
      expect(env.MONGO_URL, name).toMatch(
        new RegExp(`^mongodb://${name}:[^@/]+@mongo:27017/${name}\\?replicaSet=rs0&authSource=${name}$`),
      );
      expect(env.NATS_URL, name).toBe('nats://nats:4222');
      expect(env.NATS_USER, name).toBe(name);
      expect(env.S3_ENDPOINT, name).toBe('http://minio:9000');
      expect(env.NODE_ENV, name).toBe('production');
    }
  });

  it('gives each part its own users on the servers, and storage keys only to those that keep files', () => {
    for (const part of [...SERVICES, 'gateway']) {
      const env = services[part]?.environment ?? {};
      expect(env.NATS_USER, part).toBe(part);
      expect(env.NATS_PASSWORD, part).toBeTruthy();
      const keeps = STORAGE_PARTS.some((s) => s.name === part);
      expect(env.S3_ACCESS_KEY, part).toBe(keeps ? `liveedu-${part}` : undefined);
      expect(env.S3_SECRET_KEY === undefined, part).toBe(!keeps);
      expect(services.nats?.environment?.[`${part.toUpperCase()}_NATS_PASSWORD`], part).toMatch(/^".+"$/);
    }
    // The gateway has no database; the media transcoder signs in as the media service.
    expect(services.gateway?.environment?.MONGO_URL).toBeUndefined();
    expect(services['media-transcoder']?.environment?.NATS_USER).toBe('media');
    expect(services.nats?.configs).toEqual([{ source: 'nats-users', target: '/etc/nats/users.conf' }]);
    expect(services.nats?.command).toEqual(expect.arrayContaining(['--config', '/etc/nats/users.conf']));
    expect(read('infra/access/nats-users.conf')).toContain('password: $TODO_NATS_PASSWORD');
    expect(read('infra/access/mongo-users.js')).toContain("role: 'readWrite', db: name");
    expect(read('infra/access/minio-users.sh')).toContain(
      'service_user liveedu-media "$MEDIA_S3_SECRET_KEY"',
    );
    expect(compose.configs?.['nats-users']?.file).toBe('./infra/access/nats-users.conf');
  });

  it('runs video transcoding as its own service of the media image, scaled apart from the media API', () => {
    const api = services.media;
    const transcoder = services['media-transcoder'];
    expect(transcoder?.image).toBe(api?.image);
    expect(transcoder?.build).toEqual(api?.build);
    expect(api?.environment?.MEDIA_TRANSCODE_CONCURRENCY).toBe('0');
    expect(Number(transcoder?.environment?.MEDIA_TRANSCODE_CONCURRENCY)).toBeGreaterThan(0);
    expect(transcoder?.environment?.MEDIA_PLAYBACK_SECRET).toBe(api?.environment?.MEDIA_PLAYBACK_SECRET);
    expect(transcoder?.ports).toBeUndefined();
    expect(read('docker-compose.yml')).toContain('--scale media-transcoder=');
  });

  it('keeps the Razorpay sandbox in a profile that production leaves out', () => {
    expect(services['razorpay-sandbox']?.profiles).toEqual(['sandbox']);
    for (const [name, service] of Object.entries(services)) {
      const dep = service.depends_on?.['razorpay-sandbox'];
      if (dep) expect(dep.required, `${name} must start without the sandbox`).toBe(false);
    }
    const example = parseEnvFile(read('.env.example'));
    const production = { ...example, COMPOSE_PROFILES: '', RAZORPAY_API_URL: '' };
    const prod = loadCompose(production);
    expect(prod.services.payments?.environment?.RAZORPAY_API_URL).toBe('');
  });

  it('starts in health-gated order: every dependency is waited for until healthy', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dep, how] of Object.entries(service.depends_on ?? {})) {
        expect(services[dep], `${name} depends on unknown ${dep}`).toBeDefined();
        // A one-shot job (the servers' users) is waited for until it has finished well.
        if (ONE_SHOT.includes(dep)) {
          expect(how.condition, `${name} → ${dep}`).toBe('service_completed_successfully');
          continue;
        }
        expect(how.condition, `${name} → ${dep}`).toBe('service_healthy');
        expect(hasHealthcheck(dep), `${dep} has a healthcheck`).toBe(true);
      }
    }
    for (const name of [...SERVICES]) {
      expect(Object.keys(services[name]?.depends_on ?? {})).toEqual(
        expect.arrayContaining(['mongo', 'mongo-users', 'nats', 'minio', 'minio-users']),
      );
    }
    for (const job of ONE_SHOT) expect(services[job]?.restart, job).toBe('no');
    expect(Object.keys(services.gateway?.depends_on ?? {}).sort()).toEqual([...SERVICES].sort());
    expect(Object.keys(services.host?.depends_on ?? {})).toEqual(
      expect.arrayContaining(['gateway', ...REMOTES.map((remote) => `mfe-${remote}`)]),
    );
    for (const name of Object.keys(services))
      if (!ONE_SHOT.includes(name)) expect(hasHealthcheck(name), name).toBe(true);
  });

  it('keeps data in named volumes only', () => {
    const declared = Object.keys(compose.volumes ?? {});
    const used = new Set<string>();
    for (const [name, service] of Object.entries(services)) {
      for (const mount of service.volumes ?? []) {
        const source = mount.split(':')[0] ?? '';
        expect(source, `${name} mounts ${mount}`).toMatch(/^[a-z][a-z0-9-]*$/);
        expect(declared, `${name} mounts ${mount}`).toContain(source);
        used.add(source);
      }
    }
    expect([...used].sort()).toEqual(declared.sort());
    for (const name of ['mongo', 'nats', 'minio']) expect(services[name]?.volumes?.length, name).toBe(1);
  });

  it('takes its secrets from the env file: the example names every variable, the real one is ignored', () => {
    const text = read('docker-compose.yml');
    const example = parseEnvFile(read('.env.example'));
    for (const name of composeVariables(text)) expect(Object.keys(example), name).toContain(name);
    for (const secret of [
      'INTERNAL_SECRET',
      'JWT_SECRET',
      'MONGO_ROOT_PASSWORD',
      'MINIO_ROOT_PASSWORD',
      'CATALOG_MONGO_PASSWORD',
      'TODO_NATS_PASSWORD',
      'MEDIA_S3_SECRET_KEY',
      'ADMIN_PASSWORD',
      'RAZORPAY_KEY_SECRET',
    ]) {
      expect(text).toContain(`\${${secret}:?`);
      const { [secret]: _dropped, ...without } = example;
      expect(() => loadCompose(without)).toThrow(new RegExp(`required variable ${secret}`));
    }
    expect(read('.gitignore').split('\n')).toContain('.env');
    expect(read('.dockerignore').split('\n')).toContain('.env');
  });

  it('points each service URL at the port it listens on', () => {
    const env = services.gateway?.environment ?? {};
    for (const name of SERVICES) {
      const url = new URL(env[`${name.toUpperCase()}_URL`] ?? '');
      expect(url.hostname).toBe(name);
      const component = COMPONENTS.find((c) => c.name === name);
      expect(services[name]?.environment?.[component?.portVariable ?? '']).toBe(url.port);
      expect(String(component?.port)).toBe(url.port);
    }
  });

  it("makes the host the one public origin, routing as the Ingress does (nginx's compose routes)", () => {
    const host = services.host;
    const mounted = host?.configs ?? [];
    expect(mounted).toEqual([{ source: 'host-routes', target: '/etc/nginx/routes/compose.conf' }]);
    const routes = Object.fromEntries(
      [
        ...read('infra/nginx/compose-routes.conf').matchAll(
          /location (\^~|=) (\S+) \{\n\s+proxy_pass (\S+);/g,
        ),
      ].map((m) => [`${m[1]} ${m[2]}`, m[3]]),
    );
    for (const path of GATEWAY.publicPaths) expect(routes[`^~ ${path}`]).toBe('http://gateway:8080');
    // The public pages go to the gateway to be rendered (ADR 13): each page, its parameters, crawlers' files.
    for (const page of [
      '= /',
      '= /courses',
      '^~ /courses/',
      '^~ /viewCouse/',
      '^~ /viewUser/',
      '^~ /certificates/',
    ])
      expect(routes[page], page).toBe('http://gateway:8080');
    for (const crawled of ['= /robots.txt', '= /sitemap.xml', '^~ /sitemaps/'])
      expect(routes[crawled], crawled).toBe('http://gateway:8080');
    // Private pages stay the host's shell.
    for (const path of Object.keys(routes))
      expect(path).not.toMatch(/profile|dashboard|\/learn\/|create-a-new-course/);
    for (const remote of REMOTES) {
      expect(routes[`^~ /mf/${remote}/`]).toBe(`http://mfe-${remote}:8080`);
      expect(host?.environment?.[`MFE_${remote.toUpperCase()}_URL`]).toBe(`/mf/${remote}/mf-manifest.json`);
    }
    // The gateway reads the host's page and the catalog's server build inside the network.
    expect(services.gateway?.environment).toMatchObject({
      HOST_URL: 'http://host:8080',
      MFE_CATALOG_INTERNAL_URL: 'http://mfe-catalog:8080/mf/catalog/',
    });
    expect(services.host?.ports).toEqual(['8080:8080']);
  });
});
