import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { generatedFiles } from '@liveedu/deploy';
import { SERVICE_NAMES as SERVICES, STORAGE_PARTS, service } from '@liveedu/platform-registry';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMPONENTS, type K8sDoc, loadManifests, REMOTES, read, repoRoot } from './support.ts';

// Each kind is checked against the Kubernetes OpenAPI schema of its apiVersion (kubernetes-models).
const MODELS: Record<string, { validate(doc: K8sDoc): void }> = {
  'apps/v1/Deployment': { validate: (doc) => new Deployment(doc).validate() },
  'apps/v1/StatefulSet': { validate: (doc) => new StatefulSet(doc).validate() },
  'v1/Service': { validate: (doc) => new Service(doc).validate() },
  'autoscaling/v2/HorizontalPodAutoscaler': {
    validate: (doc) => new HorizontalPodAutoscaler(doc as never).validate(),
  },
  'networking.k8s.io/v1/Ingress': { validate: (doc) => new Ingress(doc).validate() },
  'networking.k8s.io/v1/NetworkPolicy': { validate: (doc) => new NetworkPolicy(doc).validate() },
  'batch/v1/Job': { validate: (doc) => new Job(doc).validate() },
  'v1/ConfigMap': { validate: (doc) => new ConfigMap(doc).validate() },
  'v1/Secret': { validate: (doc) => new Secret(doc).validate() },
  'v1/Namespace': { validate: (doc) => new Namespace(doc).validate() },
};

const files = readdirSync(join(repoRoot, 'infra/k8s')).filter(
  (f) => f.endsWith('.yaml') && f !== 'kustomization.yaml',
);
const docs = files.flatMap((file) => loadManifests(file).map((doc) => ({ file, doc })));
const find = (kind: string, name: string) =>
  docs.find(({ doc }) => doc.kind === kind && doc.metadata.name === name)?.doc;
const deployed = COMPONENTS.filter((c) => c.production);
const config = find('ConfigMap', 'liveedu-config')?.data as Record<string, string>;
const secretKeys = Object.keys(find('Secret', 'liveedu-secrets')?.stringData ?? {});

/** What a container's environment will hold: its own env, plus the ConfigMaps it takes whole. */
function containerEnv(container: K8sDoc): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    expect(from.configMapRef?.name).toBe('liveedu-config');
    Object.assign(env, config);
  }
  for (const entry of container.env ?? []) {
    env[entry.name] = entry.value ?? `<${entry.valueFrom?.secretKeyRef ? 'secret' : 'config'}>`;
  }
  return env;
}

describe('infra/k8s', () => {
  it('holds what `npm run generate` writes from the registry (run it after changing the registry)', () => {
    const generated = Object.entries(generatedFiles()).filter(([path]) => path.startsWith('infra/k8s/'));
    expect(generated.length).toBeGreaterThan(COMPONENTS.length);
    for (const [path, text] of generated)
      expect(read(path), `${path} is stale: run npm run generate`).toBe(text);
    // What is not generated is written by hand: the namespace, MongoDB and the example Secret.
    const handWritten = files.filter((f) => !generated.some(([path]) => path === `infra/k8s/${f}`));
    expect(handWritten.sort()).toEqual(['mongo.yaml', 'namespace.yaml', 'secret.example.yaml']);
    expect(read('infra/k8s/access.yaml')).toContain(read('infra/access/nats-users.conf').split('\n')[3]);
  });

  it('every manifest is valid against the Kubernetes schema of its kind', () => {
    expect(docs.length).toBeGreaterThan(20);
    for (const { file, doc } of docs) {
      const model = MODELS[`${doc.apiVersion}/${doc.kind}`];
      expect(model, `${file}: ${doc.apiVersion} ${doc.kind} has no schema here`).toBeDefined();
      expect(() => model?.validate(doc), `${file}: ${doc.kind} ${doc.metadata.name}`).not.toThrow();
      if (doc.kind !== 'Namespace') expect(doc.metadata.namespace, `${file}`).toBe('liveedu');
    }
  });

  it('the schema check catches a broken manifest', () => {
    const broken = structuredClone(find('Deployment', 'catalog') as K8sDoc);
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'eight thousand';
    expect(() => new Deployment(broken).validate()).toThrow(/containerPort/);
  });

  it('kustomization.yaml applies every manifest but the example Secret', () => {
    const kustomization = parse(read('infra/k8s/kustomization.yaml')) as {
      resources: string[];
      images: { name: string }[];
    };
    expect([...kustomization.resources].sort()).toEqual(
      files.filter((f) => f !== 'secret.example.yaml').sort(),
    );
    expect(kustomization.images.map((i) => i.name).sort()).toEqual(
      deployed.map((c) => `liveedu/${c.name}`).sort(),
    );
  });

  it('has a Deployment and a Service per component, under its one name', () => {
    for (const { name } of deployed) {
      const deployment = find('Deployment', name);
      const service = find('Service', name);
      expect(deployment, `Deployment ${name}`).toBeDefined();
      expect(service, `Service ${name}`).toBeDefined();
      const podLabels = deployment?.spec.template.metadata.labels;
      for (const [k, v] of Object.entries(deployment?.spec.selector.matchLabels ?? {}))
        expect(podLabels[k]).toBe(v);
      for (const [k, v] of Object.entries(service?.spec.selector ?? {})) expect(podLabels[k]).toBe(v);
      const container = deployment?.spec.template.spec.containers[0];
      expect(container.name).toBe(name);
      expect(container.image).toMatch(new RegExp(`^liveedu/${name}:`));
      const portNames = container.ports.map((p: { name: string }) => p.name);
      for (const port of service?.spec.ports ?? []) expect(portNames).toContain(port.targetPort);
    }
    for (const name of SERVICES) expect(find('Deployment', name), name).toBeDefined();
    expect(find('Deployment', 'razorpay-sandbox')).toBeUndefined();
  });

  it('probes /readyz for readiness and /healthz for liveness on the port the image listens on', () => {
    for (const component of deployed) {
      const deployment = find('Deployment', component.name) as K8sDoc;
      const container = deployment.spec.template.spec.containers[0];
      expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.ports[0].containerPort, component.name).toBe(component.port);
    }
  });

  it('gives nginx writable room for its rendered configuration and cache on a read-only root', () => {
    for (const component of deployed.filter((c) => c.kind === 'web')) {
      const pod = (find('Deployment', component.name) as K8sDoc).spec.template.spec;
      const mounts = pod.containers[0].volumeMounts.map((m: { mountPath: string }) => m.mountPath).sort();
      expect(mounts).toEqual(['/etc/nginx/conf.d', '/tmp', '/var/cache/nginx']);
      expect(pod.securityContext.runAsUser).toBe(101);
    }
  });

  it('sets resource requests and limits, and runs as a non-root user', () => {
    for (const { name } of deployed) {
      const pod = (find('Deployment', name) as K8sDoc).spec.template.spec;
      const { requests, limits } = pod.containers[0].resources;
      for (const r of [requests, limits]) {
        expect(r.cpu, name).toBeTruthy();
        expect(r.memory, name).toBeTruthy();
      }
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(pod.containers[0].securityContext.allowPrivilegeEscalation).toBe(false);
    }
  });

  it('configures by ConfigMap and Secret: every production setting a process requires is given', () => {
    const required = [
      'MONGO_URL',
      'NATS_URL',
      'NATS_USER',
      'NATS_PASSWORD',
      'S3_ENDPOINT',
      'INTERNAL_SECRET',
    ];
    const extra: Record<string, string[]> = {
      payments: [
        'RAZORPAY_KEY_ID',
        'RAZORPAY_KEY_SECRET',
        'RAZORPAY_WEBHOOK_SECRET',
        'INVOICE_LEGAL_NAME',
        'INVOICE_ADDRESS',
        'INVOICE_GSTIN',
      ],
      identity: ['ADMIN_PASSWORD', 'JWT_SECRET'],
      gateway: ['JWT_SECRET', ...SERVICES.map((s) => `${s.toUpperCase()}_URL`)],
    };
    for (const name of [...SERVICES, 'gateway']) {
      const container = (find('Deployment', name) as K8sDoc).spec.template.spec.containers[0];
      const env = containerEnv(container);
      expect(env.NODE_ENV, name).toBe('production');
      // The gateway has no database.
      for (const key of [...required, ...(extra[name] ?? [])].filter(
        (k) => name !== 'gateway' || k !== 'MONGO_URL',
      ))
        expect(env[key], `${name} ${key}`).toBeTruthy();
      // Its own users: NATS as itself, its own database, storage keys only where it keeps files.
      expect(env.NATS_USER, name).toBe(name);
      if (name !== 'gateway') expect(env.MONGO_URL, name).toContain(`mongodb://${name}:$(MONGO_PASSWORD)@`);
      expect(env.S3_SECRET_KEY !== undefined, name).toBe(STORAGE_PARTS.some((s) => s.name === name));
      // The key to users' tokens only where they are signed or verified.
      if (!['identity', 'gateway'].includes(name)) expect(env.JWT_SECRET, name).toBeUndefined();
    }
    for (const { doc } of docs.filter((d) => d.doc.kind === 'Deployment')) {
      for (const entry of doc.spec.template.spec.containers[0].env ?? []) {
        const secret = entry.valueFrom?.secretKeyRef;
        if (secret) {
          expect(secret.name).toBe('liveedu-secrets');
          expect(secretKeys, `${doc.metadata.name} reads secret ${secret.key}`).toContain(secret.key);
        }
        const map = entry.valueFrom?.configMapKeyRef;
        if (map) expect(Object.keys(config), `${doc.metadata.name} reads ${map.key}`).toContain(map.key);
      }
    }
    for (const name of SERVICES) {
      expect(config[`${name.toUpperCase()}_URL`]).toMatch(new RegExp(`^http://${name}:\\d+$`));
      const port = new URL(config[`${name.toUpperCase()}_URL`] as string).port;
      const service = find('Service', name) as K8sDoc;
      expect(String(service.spec.ports[0].port)).toBe(port);
    }
  });

  it('runs MongoDB as a one-node replica set that MONGO_URL names, with access control on', () => {
    const mongo = find('StatefulSet', 'mongo') as K8sDoc;
    const service = find('Service', 'mongo') as K8sDoc;
    expect(service.spec.clusterIP).toBe('None');
    expect(mongo.spec.serviceName).toBe('mongo');
    const container = mongo.spec.template.spec.containers[0];
    expect(container.image).toMatch(/^mongo:7/);
    expect(container.args).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    expect(container.args).toEqual(expect.arrayContaining(['--keyFile']));
    const initiate = container.readinessProbe.exec.command.join(' ');
    const catalog = (find('Deployment', 'catalog') as K8sDoc).spec.template.spec.containers[0];
    const url = new URL(containerEnv(catalog).MONGO_URL as string);
    expect(url.searchParams.get('replicaSet')).toBe('rs0');
    expect(initiate).toContain(`_id: 'rs0'`);
    expect(initiate).toContain(`host: '${url.host}'`);
    expect(url.hostname).toBe(`mongo-0.mongo.${mongo.metadata.namespace}.svc.cluster.local`);
    expect(mongo.spec.volumeClaimTemplates[0].spec.resources.requests.storage).toBeTruthy();
  });

  it('scales the gateway, the catalog and the video transcoders with a HorizontalPodAutoscaler', () => {
    const hpas = docs.filter((d) => d.doc.kind === 'HorizontalPodAutoscaler').map((d) => d.doc);
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual([
      'catalog',
      'gateway',
      'media-transcoder',
    ]);
    for (const hpa of hpas) {
      expect(hpa.spec.scaleTargetRef.kind).toBe('Deployment');
      expect(find('Deployment', hpa.spec.scaleTargetRef.name)).toBeDefined();
      // Serving replicas keep two for availability; a worker may run one.
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(
        find('Service', hpa.spec.scaleTargetRef.name) ? 2 : 1,
      );
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    }
  });

  it('runs video transcoding as its own Deployment of the media image, the media API with transcoding off', () => {
    const envOf = (name: string) => {
      const container = (find('Deployment', name) as K8sDoc).spec.template.spec.containers[0];
      return {
        image: container.image as string,
        env: Object.fromEntries(
          (container.env as { name: string; value?: string }[]).map((e) => [e.name, e.value]),
        ),
        secrets: (container.env as { name: string; valueFrom?: { secretKeyRef?: unknown } }[])
          .filter((e) => e.valueFrom?.secretKeyRef)
          .map((e) => e.name),
      };
    };
    const api = envOf('media');
    const transcoder = envOf('media-transcoder');
    expect(transcoder.image).toBe(api.image);
    expect(api.env.MEDIA_TRANSCODE_CONCURRENCY).toBe('0');
    expect(Number(transcoder.env.MEDIA_TRANSCODE_CONCURRENCY)).toBeGreaterThan(0);
    expect(transcoder.secrets).toEqual(expect.arrayContaining(['MEDIA_PLAYBACK_SECRET', 'S3_SECRET_KEY']));
    // It signs in as the media service.
    expect(transcoder.env.NATS_USER).toBe('media');
    // Nothing calls it: no Service, no route.
    expect(find('Service', 'media-transcoder')).toBeUndefined();
    expect(read('infra/k8s/kustomization.yaml')).toContain('media-transcoder.yaml');
  });

  it('denies all traffic by default and allows the edges of the registry', () => {
    const policies = docs.filter(({ doc }) => doc.kind === 'NetworkPolicy').map(({ doc }) => doc);
    const deny = policies.find((p) => p.metadata.name === 'default-deny') as K8sDoc;
    expect(deny.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    const of = (name: string) => policies.find((p) => p.metadata.name === name) as K8sDoc;
    const peers = (rules: K8sDoc[]) =>
      rules.flatMap((rule) =>
        (rule.from ?? rule.to).map(
          (peer: K8sDoc) =>
            peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] ??
            peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] ??
            peer.ipBlock?.cidr,
        ),
      );
    for (const c of [...deployed, ...COMPONENTS.filter((x) => x.role === 'worker')]) {
      const p = of(c.name);
      expect(p?.spec.podSelector.matchLabels['app.kubernetes.io/name'], c.name).toBe(c.name);
    }
    // Payments is called by the gateway alone; it calls the catalog and reaches Razorpay (443).
    expect(peers(of('payments').spec.ingress)).toEqual(expect.arrayContaining(['gateway']));
    expect(peers(of('payments').spec.ingress)).not.toContain('media');
    expect(peers(of('catalog').spec.ingress)).toEqual(
      expect.arrayContaining(['gateway', 'payments', 'media']),
    );
    expect(peers(of('payments').spec.egress)).toEqual(
      expect.arrayContaining(['mongo', 'catalog', '0.0.0.0/0']),
    );
    // The todo service reaches its database and NATS, nothing else: no service, no storage, no internet.
    const todo = of('todo').spec.egress as K8sDoc[];
    expect(peers(todo).sort()).toEqual(['data', 'mongo']);
    expect(todo.flatMap((r) => r.ports.map((port: K8sDoc) => port.port)).sort()).toEqual([27017, 4222]);
    expect(peers(of('todo').spec.ingress)).toEqual(expect.arrayContaining(['gateway']));
    // Only the services with a database reach MongoDB; the gateway and the web pods do not.
    expect(peers(of('mongo').spec.ingress).sort()).toEqual(
      [...SERVICES, 'media-transcoder', 'mongo-users'].sort(),
    );
    expect(peers(of('host').spec.egress ?? [])).toEqual([]);
    // The gateway reads the host's page and the catalog's server build (ADR 13); the learner's not.
    expect(peers(of('gateway').spec.egress)).toEqual(expect.arrayContaining(['host', 'mfe-catalog']));
    expect(peers(of('gateway').spec.egress)).not.toContain('mfe-learner');
    expect(peers(of('host').spec.ingress)).toEqual(expect.arrayContaining(['ingress-nginx', 'gateway']));
    expect(peers(of('mfe-catalog').spec.ingress)).toContain('gateway');
    expect(peers(of('mfe-learner').spec.ingress)).not.toContain('gateway');
    expect(of('gateway').spec.egress.map((r: K8sDoc) => r.ports[0].port)).toEqual(
      expect.arrayContaining(SERVICES.map((s) => service(s).port)),
    );
  });

  it('routes /api/* to the gateway, each remote to its Service and the rest to the host', () => {
    const ingress = find('Ingress', 'liveedu') as K8sDoc;
    const paths = ingress.spec.rules[0].http.paths as {
      path: string;
      pathType: string;
      backend: { service: { name: string } };
    }[];
    const route = Object.fromEntries(paths.map((p) => [p.path, p.backend.service.name]));
    expect(route['/api']).toBe('gateway');
    expect(route['/api2']).toBe('gateway');
    expect(route['/files']).toBe('gateway');
    for (const remote of REMOTES) {
      expect(route[`/mf/${remote}`]).toBe(`mfe-${remote}`);
      expect(config[`MFE_${remote.toUpperCase()}_URL`]).toBe(`/mf/${remote}/mf-manifest.json`);
    }
    const to = (path: string, pathType: string) =>
      paths.find((p) => p.path === path && p.pathType === pathType)?.backend.service.name;
    expect(to('/', 'Prefix')).toBe('host');
    // The public pages the gateway renders (ADR 13), and the crawlers' files.
    expect(to('/', 'Exact')).toBe('gateway');
    for (const page of ['/courses', '/viewCouse', '/viewUser', '/certificates', '/sitemaps'])
      expect(to(page, 'Prefix'), page).toBe('gateway');
    for (const file of ['/robots.txt', '/sitemap.xml', '/categories'])
      expect(to(file, 'Exact'), file).toBe('gateway');
    for (const p of paths) {
      expect(['Prefix', 'Exact']).toContain(p.pathType);
      expect(p.path).not.toMatch(/profile|dashboard|^\/learn/);
      expect(find('Service', p.backend.service.name), p.path).toBeDefined();
    }
    // The gateway reads the host's page and the catalog's server build from their Services.
    const gateway = find('Deployment', 'gateway') as K8sDoc;
    const env = Object.fromEntries(
      (gateway.spec.template.spec.containers[0].env as { name: string; value?: string }[]).map((e) => [
        e.name,
        e.value,
      ]),
    );
    expect(env).toMatchObject({
      HOST_URL: 'http://host:8080',
      MFE_CATALOG_INTERNAL_URL: 'http://mfe-catalog:8080/mf/catalog/',
    });
  });
});
