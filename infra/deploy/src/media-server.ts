import { GATEWAY, MEDIA_SERVER } from '@liveedu/platform-registry';
import { documents, GENERATED, NAMESPACE, SECRETS } from './k8s-names.ts';

/**
 * LiveKit's configuration in a deployment: media on a fixed UDP range and one TCP port, the
 * node's public address found by STUN (`use_external_ip`), webhooks to the gateway signed with
 * the platform's key. `keyName` is how the deployment spells the key's value (an environment
 * variable it expands). TURN is configured where a deployment has a domain and certificate for it
 * (docs/deploying.md).
 */
export function mediaServerConfig(keyName: string, gatewayUrl: string): string {
  const { port, rtcTcpPort, udpPorts, webhookPath } = MEDIA_SERVER;
  return [
    `port: ${port}`,
    'rtc:',
    `  tcp_port: ${rtcTcpPort}`,
    `  port_range_start: ${udpPorts.first}`,
    `  port_range_end: ${udpPorts.last}`,
    '  use_external_ip: true',
    'room:',
    '  empty_timeout: 300',
    'webhook:',
    `  api_key: ${keyName}`,
    '  urls:',
    `    - ${gatewayUrl}${webhookPath}`,
    'logging:',
    '  level: info',
    '',
  ].join('\n');
}

/** The media server's public name: browsers connect there (LIVEKIT_PUBLIC_URL), the live service calls its API there. */
export const MEDIA_HOST = 'live.liveedu.example.com';
/** Where LiveKit posts webhooks in Kubernetes: the public origin, through the Ingress (a host-network pod is no pod to a policy). */
const K8S_WEBHOOK_ORIGIN = 'https://liveedu.example.com';

const udpRange = `${MEDIA_SERVER.udpPorts.first}-${MEDIA_SERVER.udpPorts.last}`;

/** The media server in docker-compose.yml: its ports published on the host, keys from .env. */
export function composeMediaServer(required: (name: string) => string) {
  const { port, rtcTcpPort, image } = MEDIA_SERVER;
  return {
    image,
    restart: 'unless-stopped',
    environment: {
      LIVEKIT_KEYS: `${required('LIVEKIT_API_KEY')}: ${required('LIVEKIT_API_SECRET')}`,
      LIVEKIT_CONFIG: mediaServerConfig(
        required('LIVEKIT_API_KEY'),
        `http://${GATEWAY.name}:${GATEWAY.port}`,
      ),
    },
    ports: [`${port}:${port}`, `${rtcTcpPort}:${rtcTcpPort}`, `${udpRange}:${udpRange}/udp`],
    // Its image is Alpine's: busybox wget asks the signalling port, which answers 200 "OK".
    healthcheck: {
      test: ['CMD', 'wget', '-q', '-O', '/dev/null', `http://127.0.0.1:${port}/`],
      interval: '5s',
      timeout: '3s',
      retries: 20,
    },
  };
}

const labels = {
  'app.kubernetes.io/name': MEDIA_SERVER.name,
  'app.kubernetes.io/part-of': NAMESPACE,
  'app.kubernetes.io/component': 'media-server',
};
const secret = (name: string) => ({ name, valueFrom: { secretKeyRef: { name: SECRETS, key: name } } });

/**
 * infra/k8s/livekit.yaml: one media server on the node's own network (browsers reach its UDP
 * range and TCP port on the node's public address), signalling behind a Service the Ingress
 * forwards to (`LIVEKIT_PUBLIC_URL`).
 */
export function mediaServerManifests(): string {
  const { name, port, rtcTcpPort, image } = MEDIA_SERVER;
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: NAMESPACE, labels },
    spec: {
      // One per node: media ports are the node's own.
      replicas: 1,
      strategy: { type: 'Recreate' },
      selector: { matchLabels: { 'app.kubernetes.io/name': name } },
      template: {
        metadata: { labels },
        spec: {
          hostNetwork: true,
          dnsPolicy: 'ClusterFirstWithHostNet',
          securityContext: {
            runAsNonRoot: true,
            runAsUser: 1000,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          terminationGracePeriodSeconds: 30,
          containers: [
            {
              name,
              image,
              imagePullPolicy: 'IfNotPresent',
              env: [
                secret('LIVEKIT_API_KEY'),
                secret('LIVEKIT_API_SECRET'),
                { name: 'LIVEKIT_KEYS', value: '$(LIVEKIT_API_KEY): $(LIVEKIT_API_SECRET)' },
                {
                  name: 'LIVEKIT_CONFIG',
                  value: mediaServerConfig('$(LIVEKIT_API_KEY)', K8S_WEBHOOK_ORIGIN),
                },
              ],
              ports: [
                { name: 'http', containerPort: port },
                { name: 'rtc-tcp', containerPort: rtcTcpPort },
              ],
              readinessProbe: { httpGet: { path: '/', port: 'http' }, periodSeconds: 10 },
              livenessProbe: {
                httpGet: { path: '/', port: 'http' },
                initialDelaySeconds: 10,
                periodSeconds: 10,
              },
              resources: { requests: { cpu: '500m', memory: '256Mi' }, limits: { memory: '1Gi' } },
              securityContext: {
                allowPrivilegeEscalation: false,
                readOnlyRootFilesystem: true,
                capabilities: { drop: ['ALL'] },
              },
            },
          ],
        },
      },
    },
  };
  const service = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: NAMESPACE, labels },
    spec: {
      selector: { 'app.kubernetes.io/name': name },
      ports: [{ name: 'http', port, targetPort: 'http' }],
    },
  };
  const ingress = {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: {
      name,
      namespace: NAMESPACE,
      labels,
      // Signalling is one WebSocket per participant for the whole class.
      annotations: {
        'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
        'nginx.ingress.kubernetes.io/proxy-send-timeout': '3600',
      },
    },
    spec: {
      ingressClassName: 'nginx',
      tls: [{ hosts: [MEDIA_HOST], secretName: 'liveedu-live-tls' }],
      rules: [
        {
          host: MEDIA_HOST,
          http: {
            paths: [
              { path: '/', pathType: 'Prefix', backend: { service: { name, port: { name: 'http' } } } },
            ],
          },
        },
      ],
    },
  };
  return [
    GENERATED,
    `# LiveKit's media server for live classes. Browsers send media to the node's UDP ${udpRange}`,
    `# and TCP ${rtcTcpPort}: open them in the node's firewall. See docs/deploying.md (TURN, scaling).`,
    documents([deployment, service, ingress]),
  ].join('\n');
}
