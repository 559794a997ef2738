import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Component } from '@liveedu/deploy';
import { REMOTE_NAMES } from '@liveedu/platform-registry';
import { parse, parseAllDocuments } from 'yaml';

export { COMPONENTS, type Component } from '@liveedu/deploy';

export const repoRoot = join(import.meta.dirname, '..', '..');
export const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
export const exists = (path: string) => existsSync(join(repoRoot, path));

/** The remotes the platform builds (host excluded). */
export const REMOTES: readonly string[] = REMOTE_NAMES;

/** The one Dockerfile every image builds from. */
export const DOCKERFILE = 'infra/docker/Dockerfile';

/** `KEY=value` lines of an env file (comments and blank lines skipped). */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const at = trimmed.indexOf('=');
    if (at <= 0) throw new Error(`not KEY=value: ${line}`);
    out[trimmed.slice(0, at)] = trimmed.slice(at + 1);
  }
  return out;
}

const VARIABLE = /\$(\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/** Names of the variables a compose file interpolates. */
export function composeVariables(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(VARIABLE)) {
    const name = match[2] ?? match[5];
    if (name) names.add(name);
  }
  return names;
}

/**
 * Compose's interpolation: `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?message}`,
 * `${VAR?message}`, `$VAR` and `$$`. A required variable that is missing throws, as compose does.
 */
export function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(VARIABLE, (_all, dollar, braced, op, arg, bare) => {
    if (dollar === '$') return '$';
    const name = (braced ?? bare) as string;
    const value = env[name];
    const empty = value === undefined || (op?.startsWith(':') && value === '');
    if (op === ':-' || op === '-') return empty ? (arg as string) : (value as string);
    if (op === ':?' || op === '?') {
      if (empty) throw new Error(`required variable ${name} is missing a value: ${arg}`);
      return value as string;
    }
    return value ?? '';
  });
}

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string; args?: Record<string, string> };
  profiles?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string; required?: boolean }>;
  healthcheck?: { test: string[] | string };
  volumes?: string[];
  ports?: string[];
  command?: string[];
  configs?: { source: string; target: string }[];
  restart?: string;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  configs?: Record<string, { file: string }>;
  [key: string]: unknown;
}

function interpolateValues(value: unknown, env: Record<string, string>): unknown {
  if (typeof value === 'string') return interpolate(value, env);
  if (Array.isArray(value)) return value.map((item) => interpolateValues(item, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateValues(v, env)]));
  }
  return value;
}

/**
 * docker-compose.yml as compose reads it (by default with the committed example env file):
 * parsed first, with YAML merge keys, then every string value interpolated.
 */
export function loadCompose(env = parseEnvFile(read('.env.example'))): ComposeFile {
  return interpolateValues(parse(read('docker-compose.yml'), { merge: true }), env) as ComposeFile;
}

export type K8sDoc = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
} & Record<
  string,
  // biome-ignore lint/suspicious/noExplicitAny: manifests are checked against the Kubernetes schemas, then read freely
  any
>;

export function loadManifests(file: string): K8sDoc[] {
  return parseAllDocuments(read(join('infra/k8s', file))).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]?.message}`);
    return doc.toJSON() as K8sDoc;
  });
}

export interface DockerStage {
  from: string;
  name?: string;
  instructions: { op: string; args: string }[];
}

/** A Dockerfile's stages, with continuation lines joined and comments dropped. */
export function parseDockerfile(text: string): { args: Record<string, string>; stages: DockerStage[] } {
  const joined = text.replace(/\\\n/g, ' ');
  const args: Record<string, string> = {};
  const stages: DockerStage[] = [];
  for (const raw of joined.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [op = '', ...rest] = line.split(/\s+/);
    const argsText = rest.join(' ');
    if (op.toUpperCase() === 'FROM') {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(argsText);
      stages.push({
        from: (match?.[1] ?? '').replace(/\$\{(\w+)\}/g, (_m, n: string) => args[n] ?? ''),
        ...(match?.[2] ? { name: match[2] } : {}),
        instructions: [],
      });
    } else if (stages.length === 0 && op.toUpperCase() === 'ARG') {
      const [name, value = ''] = argsText.split('=');
      args[name as string] = value;
    } else {
      stages.at(-1)?.instructions.push({ op: op.toUpperCase(), args: argsText });
    }
  }
  return { args, stages };
}

/** The final stage of a component's image: the Dockerfile's target of its kind. */
export function imageStage(component: Component): DockerStage {
  const stage = parseDockerfile(read(DOCKERFILE)).stages.find((s) => s.name === component.kind);
  if (!stage) throw new Error(`${DOCKERFILE} has no stage named ${component.kind}`);
  return stage;
}

/** `ENV A=1 B=2` of a stage, as a map. */
export function stageEnv(stage: DockerStage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { op, args } of stage.instructions) {
    if (op !== 'ENV') continue;
    for (const pair of args.split(/\s+/)) {
      const at = pair.indexOf('=');
      if (at > 0) env[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return env;
}
