import { envPrefix, REMOTE_NAMES } from '@liveedu/platform-registry';
import type { Component } from './components.ts';

/**
 * How a component runs where it is deployed, beyond what the registry says: what it reads besides
 * the configuration every server reads, its replicas, resources and autoscaling. A component with
 * no entry here gets its kind's defaults, so a new service needs nothing here to be deployed.
 */
export interface DeploySettings {
  /** Secrets it requires (compose: `${NAME:?…}` from .env; Kubernetes: liveedu-secrets). */
  secrets?: string[];
  /** Secrets it takes when given. */
  optionalSecrets?: string[];
  /** Settings it reads one by one (compose: `${NAME:-}` from .env; Kubernetes: liveedu-config). */
  config?: string[];
  /** Fixed values it runs with, whatever .env or the ConfigMap say. */
  env?: Record<string, string>;
  /** Compose-only values from .env with a default (`${NAME:-default}`); Kubernetes has them in liveedu-config. */
  composeDefaults?: Record<string, string>;
  /** It calls Razorpay: in compose it waits for the sandbox when the `sandbox` profile runs it. */
  callsRazorpay?: boolean;
  /** Ports it reaches on the internet (Kubernetes NetworkPolicy); none unless listed. */
  internetPorts?: number[];
  /** Debian packages its image installs for the process to run (not to build). */
  aptPackages?: string[];
  /** A named volume at DATA_DIR=/data (compose) or an emptyDir (Kubernetes). */
  dataVolume?: string;
  replicas?: number;
  autoscale?: { min: number; max: number };
  resources?: { requests: { cpu: string; memory: string }; limits: { cpu: string; memory: string } };
}

const SERVER_RESOURCES = {
  requests: { cpu: '100m', memory: '192Mi' },
  limits: { cpu: '1', memory: '512Mi' },
};
const WEB_RESOURCES = { requests: { cpu: '25m', memory: '48Mi' }, limits: { cpu: '250m', memory: '128Mi' } };

/**
 * The secrets every server reads (`JWT_SECRET` only where tokens are signed or verified; each
 * part's database, NATS and storage passwords are its own, see access.ts).
 */
export const SERVER_SECRETS = ['INTERNAL_SECRET'];

const SETTINGS: Record<string, DeploySettings> = {
  identity: {
    secrets: ['JWT_SECRET', 'ADMIN_PASSWORD'],
    optionalSecrets: ['SMTP_URL'],
    composeDefaults: { SEED_DEMO: '0', MAIL_FROM: '' },
    // A mail server (SMTP_URL).
    internetPorts: [25, 465, 587],
    dataVolume: 'identity-mail',
  },
  notifications: {
    optionalSecrets: ['SMTP_URL', 'UNSUBSCRIBE_SECRET'],
    composeDefaults: { MAIL_FROM: '' },
    // A mail server (SMTP_URL).
    internetPorts: [25, 465, 587],
    dataVolume: 'notifications-mail',
  },
  live: {
    // Signs join tokens and checks the media server's webhooks (the media server's own key pair).
    secrets: ['LIVEKIT_API_KEY', 'LIVEKIT_API_SECRET'],
    // The media server's API, and where browsers connect to it.
    config: ['LIVEKIT_URL', 'LIVEKIT_PUBLIC_URL'],
    // The media server's API behind its TLS host (Kubernetes reaches it as the outside world does).
    internetPorts: [443],
  },
  catalog: {
    composeDefaults: { SEED_DEMO: '0' },
    replicas: 2,
    autoscale: { min: 2, max: 10 },
    resources: { requests: { cpu: '100m', memory: '256Mi' }, limits: { cpu: '1', memory: '768Mi' } },
  },
  payments: {
    secrets: ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'],
    // The seller on tax invoices: production refuses to start without them.
    config: ['RAZORPAY_API_URL', 'RAZORPAY_MODE', 'INVOICE_LEGAL_NAME', 'INVOICE_ADDRESS', 'INVOICE_GSTIN'],
    callsRazorpay: true,
    // Razorpay's API.
    internetPorts: [443],
  },
  earnings: {
    // Days before a sale's credit can be withdrawn: the refund window.
    composeDefaults: { PAYOUT_HOLD_DAYS: '30' },
  },
  media: {
    secrets: ['MEDIA_PLAYBACK_SECRET'],
    aptPackages: ['ffmpeg'],
    // Where browsers reach S3 to upload parts, when it is not where the services reach it.
    config: ['MEDIA_S3_UPLOAD_ENDPOINT'],
    // The API only: its transcoders are the media-transcoder worker.
    env: { MEDIA_TRANSCODE_CONCURRENCY: '0' },
  },
  'media-transcoder': {
    secrets: ['MEDIA_PLAYBACK_SECRET'],
    // One ffmpeg at a time per process; a queue of uploads scales the worker out on CPU.
    env: { MEDIA_TRANSCODE_CONCURRENCY: '1' },
    replicas: 1,
    autoscale: { min: 1, max: 8 },
    resources: { requests: { cpu: '1', memory: '512Mi' }, limits: { cpu: '2', memory: '1536Mi' } },
  },
  todo: {
    resources: { requests: { cpu: '50m', memory: '128Mi' }, limits: { cpu: '500m', memory: '384Mi' } },
  },
  gateway: {
    secrets: ['JWT_SECRET'],
    // The pages it renders carry the host's page policy, made from the same settings.
    config: ['RAZORPAY_CHECKOUT_URL', 'MEDIA_S3_UPLOAD_ENDPOINT', 'LIVEKIT_PUBLIC_URL'],
    // One proxy in front of it (the host's nginx, or the Ingress): it names the client's address.
    env: { TRUSTED_PROXIES: '1' },
    replicas: 2,
    autoscale: { min: 2, max: 10 },
    resources: { requests: { cpu: '200m', memory: '256Mi' }, limits: { cpu: '1', memory: '512Mi' } },
  },
  host: {
    // Where the page finds Razorpay's checkout script and each remote (its /app-config.json).
    // MEDIA_S3_UPLOAD_ENDPOINT and LIVEKIT_PUBLIC_URL: where the page uploads video parts and
    // joins live classes (its Content-Security-Policy).
    config: [
      'RAZORPAY_CHECKOUT_URL',
      'MEDIA_S3_UPLOAD_ENDPOINT',
      'LIVEKIT_PUBLIC_URL',
      ...REMOTE_NAMES.map((name) => `MFE_${envPrefix(name)}_URL`),
    ],
  },
};

export function settingsOf(
  component: Component,
): Required<
  Pick<
    DeploySettings,
    'secrets' | 'optionalSecrets' | 'config' | 'composeDefaults' | 'replicas' | 'resources'
  >
> &
  DeploySettings {
  const own = SETTINGS[component.name] ?? {};
  return {
    secrets: [],
    optionalSecrets: [],
    config: [],
    composeDefaults: {},
    replicas: component.kind === 'web' ? 2 : 1,
    resources: component.kind === 'web' ? WEB_RESOURCES : SERVER_RESOURCES,
    ...own,
  };
}
