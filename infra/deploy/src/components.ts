import {
  envPrefix,
  GATEWAY,
  HOST,
  RAZORPAY_SANDBOX,
  REMOTES,
  remoteDir,
  service,
  serviceStartOrder,
} from '@liveedu/platform-registry';

/**
 * What is deployed, one entry per image, from the platform registry: every service (in start
 * order), the gateway, the Razorpay sandbox (dev and CI only), the host and every remote. One
 * name everywhere: compose service, Deployment, Service, image `liveedu/<name>`.
 */
export interface Component {
  name: string;
  /** Its workspace folder. */
  dir: string;
  /** `server`: a compiled Node server; `web`: built files served by nginx. The image's build target. */
  kind: 'server' | 'web';
  role: 'service' | 'gateway' | 'sandbox' | 'host' | 'remote' | 'worker';
  /** The component whose image it runs, when not its own (a worker). */
  image?: string;
  /** Shipped to production (the Razorpay sandbox is dev and CI only). */
  production: boolean;
  /** Where it listens in its container, and the variable that moves it. */
  port: number;
  portVariable: string;
  /** What its image's HEALTHCHECK asks for. */
  healthPath: string;
  /** Node's heap bound in MiB, and the variable that overrides it. */
  heapMb?: number;
  heapVariable?: string;
  /** Its package.json does not list all it imports, so everything is compiled in. */
  bundleAll?: boolean;
}

/** The port every front-end image's nginx listens on. */
export const WEB_PORT = 8080;

const services: Component[] = serviceStartOrder().map((name) => {
  const spec = service(name);
  return {
    name,
    dir: `services/${name}`,
    kind: 'server',
    role: 'service',
    production: true,
    port: spec.port,
    portVariable: `${envPrefix(name)}_PORT`,
    healthPath: '/readyz',
    heapVariable: `${envPrefix(name)}_HEAP_MB`,
    ...(spec.heapMb ? { heapMb: spec.heapMb } : {}),
  };
});

export const COMPONENTS: readonly Component[] = [
  ...services,
  {
    name: GATEWAY.name,
    dir: GATEWAY.dir,
    kind: 'server',
    role: 'gateway',
    production: true,
    port: GATEWAY.port,
    portVariable: 'PORT',
    healthPath: '/readyz',
  },
  {
    name: RAZORPAY_SANDBOX.name,
    dir: RAZORPAY_SANDBOX.dir,
    kind: 'server',
    role: 'sandbox',
    production: false,
    port: RAZORPAY_SANDBOX.port,
    portVariable: 'RAZORPAY_SANDBOX_PORT',
    healthPath: '/health',
    bundleAll: true,
  },
  ...REMOTES.map(
    (remote): Component => ({
      name: remoteDir(remote.name),
      dir: remoteDir(remote.name),
      kind: 'web',
      role: 'remote',
      production: true,
      port: WEB_PORT,
      portVariable: 'PORT',
      healthPath: '/readyz',
    }),
  ),
  {
    name: HOST.name,
    dir: HOST.dir,
    kind: 'web',
    role: 'host',
    production: true,
    port: WEB_PORT,
    portVariable: 'PORT',
    healthPath: '/readyz',
  },
];

/**
 * Processes that run a service's image with other settings and scale apart from it. Nothing calls
 * them (no Service, no route); they take their work from the service's database. The media API
 * runs with transcoding off; its transcoders run the same service with transcoding on, so a queue
 * of uploads adds transcoders, not API replicas.
 */
export const WORKERS: readonly Component[] = [
  { ...component('media'), name: 'media-transcoder', role: 'worker', image: 'media' },
];

/** The image a component or worker runs: `liveedu/<this>`. */
export const imageOf = (c: Component): string => c.image ?? c.name;

export function component(name: string): Component {
  const found = COMPONENTS.find((c) => c.name === name);
  if (!found) throw new Error(`no component named "${name}": ${COMPONENTS.map((c) => c.name).join(', ')}`);
  return found;
}
