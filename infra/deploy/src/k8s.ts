import {
  envPrefix,
  GATEWAY,
  natsUser,
  REMOTE_NAMES,
  remoteDir,
  remoteManifestPath,
  SERVICES,
  service as serviceSpec,
} from '@liveedu/platform-registry';
import { stringify } from 'yaml';
import {
  hasDatabase,
  keepsFiles,
  mongoPasswordVariable,
  mongoUser,
  natsPasswordVariable,
  s3AccessKeyVariable,
  s3SecretVariable,
} from './access.ts';
import { COMPONENTS, type Component, component, imageOf, WORKERS } from './components.ts';
import { accessManifests, networkPolicies } from './k8s-access.ts';
import { CONFIG, documents, GENERATED, MONGO_HOST, NAMESPACE, SECRETS } from './k8s-names.ts';
import { MEDIA_HOST, mediaServerManifests } from './media-server.ts';
import { gatewayRoutes, gatewaySiteEnv } from './page-routing.ts';
import { SERVER_SECRETS, settingsOf } from './settings.ts';

/** The user the official nginx image runs its workers as; the Node images run as `node` (1000). */
const NGINX_UID = 101;

const labels = (c: { name: string }, role: string) => ({
  'app.kubernetes.io/name': c.name,
  'app.kubernetes.io/part-of': NAMESPACE,
  'app.kubernetes.io/component': role,
});
const role = (c: Component) => (c.kind === 'web' ? 'web' : c.role);
const secretRef = (name: string, optional = false, key = name) => ({
  name,
  valueFrom: { secretKeyRef: { name: SECRETS, key, ...(optional ? { optional: true } : {}) } },
});

/**
 * How a server signs in as its part's own users (the media transcoder as the media service): its
 * database address with its password (read first, then expanded), its NATS user, and storage
 * keys only where it keeps files.
 */
function ownUsers(c: Component) {
  const part = imageOf(c);
  const database = hasDatabase(part) ? serviceSpec(part).database : undefined;
  return [
    ...(database
      ? [
          secretRef('MONGO_PASSWORD', false, mongoPasswordVariable(part)),
          {
            name: 'MONGO_URL',
            value: `mongodb://${mongoUser(part)}:$(MONGO_PASSWORD)@${MONGO_HOST}/${database}?replicaSet=rs0&authSource=${database}`,
          },
        ]
      : []),
    { name: 'NATS_USER', value: natsUser(part) },
    secretRef('NATS_PASSWORD', false, natsPasswordVariable(part)),
    ...(keepsFiles(part)
      ? [
          secretRef('S3_ACCESS_KEY', false, s3AccessKeyVariable(part)),
          secretRef('S3_SECRET_KEY', false, s3SecretVariable(part)),
        ]
      : []),
  ];
}
const configRef = (name: string) => ({
  name,
  valueFrom: { configMapKeyRef: { name: CONFIG, key: name, optional: true } },
});
const probe = (path: string, extra: Record<string, number>) => ({
  httpGet: { path, port: 'http' },
  periodSeconds: 10,
  timeoutSeconds: 3,
  ...extra,
});

function container(c: Component) {
  const settings = settingsOf(c);
  const server = c.kind === 'server';
  const env = [
    ...(server ? [{ name: c.portVariable, value: String(c.port) }] : []),
    ...(settings.dataVolume ? [{ name: 'DATA_DIR', value: '/data' }] : []),
    ...Object.entries({ ...settings.env, ...(c.role === 'gateway' ? gatewaySiteEnv() : {}) }).map(
      ([name, value]) => ({ name, value }),
    ),
    ...settings.config.map(configRef),
    ...(server ? [...ownUsers(c), ...SERVER_SECRETS.map((name) => secretRef(name))] : []),
    ...settings.secrets.map((name) => secretRef(name)),
    ...settings.optionalSecrets.map((name) => secretRef(name, true)),
  ];
  const mounts = [
    { name: 'tmp', mountPath: '/tmp' },
    ...(settings.dataVolume ? [{ name: 'data', mountPath: '/data' }] : []),
    // nginx renders its configuration at start and keeps its temporary files here.
    ...(server
      ? []
      : [
          { name: 'nginx-conf', mountPath: '/etc/nginx/conf.d' },
          { name: 'nginx-cache', mountPath: '/var/cache/nginx' },
        ]),
  ];
  return {
    name: c.name,
    image: `liveedu/${imageOf(c)}:latest`,
    imagePullPolicy: 'IfNotPresent',
    ports: [{ name: 'http', containerPort: c.port }],
    ...(server ? { envFrom: [{ configMapRef: { name: CONFIG } }] } : {}),
    ...(env.length > 0 ? { env } : {}),
    readinessProbe: probe('/readyz', { initialDelaySeconds: 3, failureThreshold: 3 }),
    livenessProbe: probe('/healthz', { initialDelaySeconds: 10, failureThreshold: 3 }),
    startupProbe: { ...probe('/healthz', { failureThreshold: 30 }), periodSeconds: 2 },
    resources: settings.resources,
    securityContext: {
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    },
    volumeMounts: mounts,
  };
}

function deployment(c: Component) {
  const settings = settingsOf(c);
  const uid = c.kind === 'web' ? NGINX_UID : 1000;
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: c.name, namespace: NAMESPACE, labels: labels(c, role(c)) },
    spec: {
      replicas: settings.replicas,
      selector: { matchLabels: { 'app.kubernetes.io/name': c.name } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: {
          labels: labels(c, role(c)),
          ...(c.kind === 'server'
            ? {
                annotations: {
                  'prometheus.io/scrape': 'true',
                  'prometheus.io/port': String(c.port),
                  'prometheus.io/path': '/metrics',
                },
              }
            : {}),
        },
        spec: {
          securityContext: {
            runAsNonRoot: true,
            runAsUser: uid,
            runAsGroup: uid,
            fsGroup: uid,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          terminationGracePeriodSeconds: 20,
          containers: [container(c)],
          volumes: container(c).volumeMounts.map((mount) => ({ name: mount.name, emptyDir: {} })),
        },
      },
    },
  };
}

function service(c: Component) {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: c.name, namespace: NAMESPACE, labels: labels(c, role(c)) },
    spec: {
      selector: { 'app.kubernetes.io/name': c.name },
      ports: [{ name: 'http', port: c.port, targetPort: 'http' }],
    },
  };
}

function autoscaler(c: Component, scale: { min: number; max: number }) {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: c.name, namespace: NAMESPACE, labels: labels(c, role(c)) },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: c.name },
      minReplicas: scale.min,
      maxReplicas: scale.max,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
        },
        {
          type: 'Resource',
          resource: { name: 'memory', target: { type: 'Utilization', averageUtilization: 80 } },
        },
      ],
    },
  };
}

function componentFile(c: Component): string {
  const scale = settingsOf(c).autoscale;
  // Nothing calls a worker: it has no Service.
  const served = c.role !== 'worker';
  const kinds = ['Deployment', ...(served ? ['Service'] : []), ...(scale ? ['HorizontalPodAutoscaler'] : [])];
  const what = c.role === 'worker' ? ` (runs liveedu/${imageOf(c)} apart from ${imageOf(c)})` : '';
  return [
    GENERATED,
    `# ${c.name}${what}: ${kinds.join(' and ')}. Probes: /readyz (readiness), /healthz (liveness).`,
    documents([deployment(c), ...(served ? [service(c)] : []), ...(scale ? [autoscaler(c, scale)] : [])]),
  ].join('\n');
}

function configFile(): string {
  const data = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'https://liveedu.example.com',
    NATS_URL: 'nats://nats.data.svc.cluster.local:4222',
    S3_ENDPOINT: 'http://minio.data.svc.cluster.local:9000',
    S3_PUBLIC_URL: 'https://liveedu.example.com/files',
    ...Object.fromEntries(
      SERVICES.map((s) => [`${envPrefix(s.name)}_URL`, `http://${s.name}:${component(s.name).port}`]),
    ),
    SEED_DEMO: '0',
    PAYOUT_HOLD_DAYS: '30',
    RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
    RAZORPAY_API_URL: '',
    RAZORPAY_MODE: 'live',
    INVOICE_LEGAL_NAME: 'replace-me',
    INVOICE_ADDRESS: 'replace-me',
    INVOICE_GSTIN: 'replace-me',
    MEDIA_S3_UPLOAD_ENDPOINT: 'https://uploads.liveedu.example.com',
    LIVEKIT_URL: `https://${MEDIA_HOST}`,
    LIVEKIT_PUBLIC_URL: `wss://${MEDIA_HOST}`,
    ...Object.fromEntries(
      REMOTE_NAMES.map((name) => [`MFE_${envPrefix(name)}_URL`, remoteManifestPath(name)]),
    ),
  };
  return [
    GENERATED,
    '# Non-secret configuration every server reads (envFrom). MongoDB 7 runs as a one-node replica',
    "# set from mongo.yaml (each service's address, with its own user, is in its Deployment); NATS",
    '# with JetStream and an S3 endpoint are run outside these manifests (managed services or their',
    '# own operators; access.yaml has their users); point the URLs at them. RAZORPAY_CHECKOUT_URL is',
    "# where browsers load Razorpay's checkout script (the host's /app-config.json names it);",
    '# RAZORPAY_API_URL empty: payments calls Razorpay itself (a staging cluster may name a sandbox);',
    '# RAZORPAY_MODE: live; a test key (rzp_test_) or a sandbox needs test, or payments refuses to start.',
    '# INVOICE_*: the seller on tax invoices (registered legal name, address, GSTIN); payments refuses to',
    '# start with these placeholders.',
    '# MFE_<NAME>_URL: where the host tells browsers each remote is (the Ingress routes /mf/<name>/).',
    '# MEDIA_S3_UPLOAD_ENDPOINT: where browsers upload video parts (S3 or a CDN in front of it).',
    "# LIVEKIT_URL / LIVEKIT_PUBLIC_URL: the media server's API and where browsers connect (livekit.yaml).",
    '# PAYOUT_HOLD_DAYS: days after a sale before earnings lets the tutor withdraw its credit (the refund window).',
    stringify(
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: CONFIG, namespace: NAMESPACE, labels: { 'app.kubernetes.io/part-of': NAMESPACE } },
        data,
      },
      { lineWidth: 0, aliasDuplicateObjects: false },
    ),
  ].join('\n');
}

function ingressFile(): string {
  const backend = (name: string) => ({ service: { name, port: { name: 'http' } } });
  // A prefix is matched by whole path segments: `/viewCouse` takes /viewCouse/<id>, and
  // `/courses` both /courses and /courses/<category> (so an exact `/courses` is not listed too).
  const toGateway = new Map<string, 'Exact' | 'Prefix'>();
  for (const { path, match } of gatewayRoutes()) {
    const segment = match === 'exact' ? path : path.replace(/\/$/, '') || '/';
    if (match === 'prefix' || !toGateway.has(segment))
      toGateway.set(segment, match === 'exact' ? 'Exact' : 'Prefix');
  }
  const paths = [
    ...[...toGateway].map(([path, pathType]) => ({ path, pathType, name: GATEWAY.name })),
    ...REMOTE_NAMES.map((name) => ({ path: `/mf/${name}`, pathType: 'Prefix', name: remoteDir(name) })),
    { path: '/', pathType: 'Prefix', name: 'host' },
  ];
  return [
    GENERATED,
    '# One public origin: the API, public files and the public pages it renders (ADR 13) go to the',
    "# gateway, each remote's files to its own Service, everything else (the shell, its other",
    '# client-side routes, /app-config.json) to the host.',
    stringify(
      {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'Ingress',
        metadata: {
          name: NAMESPACE,
          namespace: NAMESPACE,
          labels: { 'app.kubernetes.io/part-of': NAMESPACE },
          // Uploads (course thumbnails, resumes) are up to 12 MB at the gateway.
          annotations: { 'nginx.ingress.kubernetes.io/proxy-body-size': '12m' },
        },
        spec: {
          ingressClassName: 'nginx',
          tls: [{ hosts: ['liveedu.example.com'], secretName: 'liveedu-tls' }],
          rules: [
            {
              host: 'liveedu.example.com',
              http: {
                paths: paths.map(({ path, pathType, name }) => ({ path, pathType, backend: backend(name) })),
              },
            },
          ],
        },
      },
      { lineWidth: 0, aliasDuplicateObjects: false },
    ),
  ].join('\n');
}

const deployed = () => COMPONENTS.filter((c) => c.production);
const workloads = () => [...deployed(), ...WORKERS];

function kustomizationFile(): string {
  return [
    GENERATED,
    '# kubectl apply -k infra/k8s   (after creating the liveedu-secrets Secret; see docs/deploying.md)',
    stringify(
      {
        apiVersion: 'kustomize.config.k8s.io/v1beta1',
        kind: 'Kustomization',
        namespace: NAMESPACE,
        resources: [
          'namespace.yaml',
          'config.yaml',
          'mongo.yaml',
          'access.yaml',
          'network-policies.yaml',
          ...workloads().map((c) => `${c.name}.yaml`),
          'livekit.yaml',
          'ingress.yaml',
        ],
        images: deployed().map((c) => ({ name: `liveedu/${c.name}`, newTag: 'latest' })),
      },
      { lineWidth: 0, aliasDuplicateObjects: false },
    ),
  ].join('\n');
}

/** Every generated manifest, by its path in the repository. */
export function k8sFiles(): Record<string, string> {
  return {
    'infra/k8s/config.yaml': configFile(),
    'infra/k8s/ingress.yaml': ingressFile(),
    'infra/k8s/kustomization.yaml': kustomizationFile(),
    'infra/k8s/access.yaml': accessManifests(),
    'infra/k8s/network-policies.yaml': networkPolicies(workloads()),
    ...Object.fromEntries(workloads().map((c) => [`infra/k8s/${c.name}.yaml`, componentFile(c)])),
    'infra/k8s/livekit.yaml': mediaServerManifests(),
  };
}
