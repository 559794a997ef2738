import { GATEWAY, SERVICES, STORAGE_PARTS, service as serviceSpec } from '@liveedu/platform-registry';
import {
  DATABASE_PARTS,
  hasDatabase,
  keepsFiles,
  minioUsersScript,
  mongoPasswordVariable,
  mongoUsersScript,
  natsUsersConfig,
  s3SecretVariable,
} from './access.ts';
import { type Component, component, imageOf } from './components.ts';
import {
  CONFIG,
  DATA_NAMESPACE,
  documents,
  GENERATED,
  INGRESS_NAMESPACE,
  MONGO_HOST,
  MONITORING_NAMESPACE,
  NAMESPACE,
  NATS_PORT,
  S3_PORT,
  SECRETS,
} from './k8s-names.ts';
import { gatewaySiteSources } from './page-routing.ts';
import { settingsOf } from './settings.ts';

const ACCESS = 'liveedu-access';
const MONGO_PORT = 27017;

const labels = (name: string, component: string) => ({
  'app.kubernetes.io/name': name,
  'app.kubernetes.io/part-of': NAMESPACE,
  'app.kubernetes.io/component': component,
});
const secret = (name: string) => ({ name, valueFrom: { secretKeyRef: { name: SECRETS, key: name } } });

/** A one-off Job that runs a script of liveedu-access with the servers' root credentials. */
function usersJob(opts: { name: string; image: string; uid: number; command: string[]; env: object[] }) {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: opts.name, namespace: NAMESPACE, labels: labels(opts.name, 'access') },
    spec: {
      // Until the server is up (the first apply starts both), then once.
      backoffLimit: 20,
      template: {
        metadata: { labels: labels(opts.name, 'access') },
        spec: {
          restartPolicy: 'OnFailure',
          securityContext: {
            runAsNonRoot: true,
            runAsUser: opts.uid,
            runAsGroup: opts.uid,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          containers: [
            {
              name: opts.name,
              image: opts.image,
              imagePullPolicy: 'IfNotPresent',
              command: opts.command,
              env: [{ name: 'HOME', value: '/tmp' }, ...opts.env],
              resources: {
                requests: { cpu: '50m', memory: '64Mi' },
                limits: { cpu: '500m', memory: '256Mi' },
              },
              securityContext: {
                allowPrivilegeEscalation: false,
                readOnlyRootFilesystem: true,
                capabilities: { drop: ['ALL'] },
              },
              volumeMounts: [
                { name: 'access', mountPath: '/access', readOnly: true },
                { name: 'tmp', mountPath: '/tmp' },
              ],
            },
          ],
          volumes: [
            { name: 'access', configMap: { name: ACCESS } },
            { name: 'tmp', emptyDir: {} },
          ],
        },
      },
    },
  };
}

/**
 * access.yaml: the scripts that give each part its own users (a ConfigMap), the Job that creates
 * the services' MongoDB users, the Job that creates their MinIO users, and the NATS users block
 * for the NATS server these manifests do not run.
 */
export function accessManifests(): string {
  const configMap = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: ACCESS, namespace: NAMESPACE, labels: { 'app.kubernetes.io/part-of': NAMESPACE } },
    data: {
      'mongo-users.js': mongoUsersScript(),
      'minio-users.sh': minioUsersScript(),
      'nats-users.conf': natsUsersConfig(),
    },
  };
  const mongoUsers = usersJob({
    name: 'mongo-users',
    image: 'mongo:7.0',
    uid: 999,
    command: [
      'sh',
      '-c',
      `exec mongosh "mongodb://root:$MONGO_ROOT_PASSWORD@${MONGO_HOST}/admin?replicaSet=rs0" --quiet --file /access/mongo-users.js`,
    ],
    env: [secret('MONGO_ROOT_PASSWORD'), ...DATABASE_PARTS.map((s) => secret(mongoPasswordVariable(s.name)))],
  });
  const storageUsers = usersJob({
    name: 'storage-users',
    image: 'minio/minio:RELEASE.2025-04-22T22-12-26Z',
    uid: 1000,
    command: ['sh', '/access/minio-users.sh'],
    env: [
      { name: 'S3_ENDPOINT', valueFrom: { configMapKeyRef: { name: CONFIG, key: 'S3_ENDPOINT' } } },
      secret('MINIO_ROOT_USER'),
      secret('MINIO_ROOT_PASSWORD'),
      ...STORAGE_PARTS.map((s) => secret(s3SecretVariable(s.name))),
    ],
  });
  return [
    GENERATED,
    "# Each part's own users, generated from the platform registry (docs/security.md): MongoDB users",
    '# limited to their database (Job mongo-users), MinIO users limited to their buckets (Job',
    '# storage-users; for another S3 provider leave it out and issue each service a key limited as',
    "# minio-users.sh's policies say), and nats-users.conf for the NATS server (include it in its",
    '# configuration, each <PART>_NATS_PASSWORD in its environment in double quotes). Jobs run once:',
    '# to set new passwords, delete them and apply again.',
    documents([configMap, mongoUsers, storageUsers]),
  ].join('\n');
}

const pods = (name: string) => ({ podSelector: { matchLabels: { 'app.kubernetes.io/name': name } } });
const namespace = (name: string) => ({
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': name } },
});
const tcp = (...ports: number[]) => ports.map((port) => ({ protocol: 'TCP', port }));
const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16'];
const internet = { ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_RANGES } };

function policy(name: string, spec: { ingress: object[]; egress: object[] }) {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name, namespace: NAMESPACE, labels: { 'app.kubernetes.io/part-of': NAMESPACE } },
    spec: { ...pods(name), policyTypes: ['Ingress', 'Egress'], ...spec },
  };
}

/** Who may call a component: the gateway calls every service, a service those it calls. */
function callersOf(c: Component): string[] {
  if (c.role !== 'service') return [];
  return [
    GATEWAY.name,
    ...SERVICES.filter((s) => (s.calls as readonly string[]).includes(c.name)).map((s) => s.name),
  ];
}

function componentPolicy(c: Component) {
  const part = imageOf(c);
  const ingress: object[] = [];
  const egress: object[] = [];
  if (c.role === 'gateway' || c.kind === 'web')
    ingress.push({ from: [namespace(INGRESS_NAMESPACE)], ports: tcp(c.port) });
  // The gateway reads the host's page and the server builds it renders pages with (ADR 13).
  if (gatewaySiteSources().includes(c.name)) ingress.push({ from: [pods(GATEWAY.name)], ports: tcp(c.port) });
  const callers = callersOf(c);
  if (callers.length > 0) ingress.push({ from: callers.map(pods), ports: tcp(c.port) });
  if (c.kind === 'server') {
    ingress.push({ from: [namespace(MONITORING_NAMESPACE)], ports: tcp(c.port) });
    if (hasDatabase(part)) egress.push({ to: [pods('mongo')], ports: tcp(MONGO_PORT) });
    egress.push({ to: [namespace(DATA_NAMESPACE)], ports: tcp(NATS_PORT) });
    // The gateway reads public files from S3 (/files/); a service its own buckets.
    if (keepsFiles(part) || c.role === 'gateway')
      egress.push({ to: [namespace(DATA_NAMESPACE)], ports: tcp(S3_PORT) });
    const callees =
      c.role === 'gateway' ? SERVICES.map((s) => s.name) : (serviceSpec(part).calls as readonly string[]);
    for (const callee of callees) egress.push({ to: [pods(callee)], ports: tcp(serviceSpec(callee).port) });
    if (c.role === 'gateway') {
      for (const source of gatewaySiteSources())
        egress.push({ to: [pods(source)], ports: tcp(component(source).port) });
    }
    const outside = settingsOf(c).internetPorts ?? [];
    if (outside.length > 0) egress.push({ to: [internet], ports: tcp(...outside) });
  }
  return policy(c.name, { ingress, egress });
}

/**
 * network-policies.yaml: nothing reaches a pod or leaves it unless a rule below allows it, and the
 * rules are the edges of the registry — the Ingress controller to the gateway and the web
 * components, the gateway to every service, a service to those it calls and to its servers.
 */
export function networkPolicies(components: readonly Component[]): string {
  const denyAll = {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: {
      name: 'default-deny',
      namespace: NAMESPACE,
      labels: { 'app.kubernetes.io/part-of': NAMESPACE },
    },
    spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress'] },
  };
  const dns = {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: 'dns', namespace: NAMESPACE, labels: { 'app.kubernetes.io/part-of': NAMESPACE } },
    spec: {
      podSelector: {},
      policyTypes: ['Egress'],
      egress: [
        {
          to: [{ ...namespace('kube-system'), podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } }],
          ports: [
            { protocol: 'UDP', port: 53 },
            { protocol: 'TCP', port: 53 },
          ],
        },
      ],
    },
  };
  const databaseClients = [
    ...components.filter((c) => c.kind === 'server' && hasDatabase(imageOf(c))).map((c) => c.name),
    'mongo-users',
  ];
  const mongo = policy('mongo', {
    ingress: [{ from: databaseClients.map(pods), ports: tcp(MONGO_PORT) }],
    // A replica set member reaches itself by its name.
    egress: [{ to: [pods('mongo')], ports: tcp(MONGO_PORT) }],
  });
  const jobs = [
    policy('mongo-users', { ingress: [], egress: [{ to: [pods('mongo')], ports: tcp(MONGO_PORT) }] }),
    policy('storage-users', {
      ingress: [],
      egress: [{ to: [namespace(DATA_NAMESPACE)], ports: tcp(S3_PORT) }],
    }),
  ];
  return [
    GENERATED,
    '# Default deny, then the edges of the platform registry. NATS and S3 are reached in the',
    `# "${DATA_NAMESPACE}" namespace, the Ingress controller runs in "${INGRESS_NAMESPACE}", Prometheus in`,
    `# "${MONITORING_NAMESPACE}"; payments reaches Razorpay and identity a mail server on the internet.`,
    documents([denyAll, dns, mongo, ...components.map(componentPolicy), ...jobs]),
  ].join('\n');
}
