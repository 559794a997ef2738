// Which folder may import which (docs/frontend.md and the service guide say why). Paths are the
// files' real locations: a workspace package imported by its name (@liveedu/ui) resolves to
// packages/ui/…, so the rules hold however an import is written. `npm run lint:imports` checks
// the tree, and `npm test` runs it in its lint step.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'remote-imports-packages-only',
      severity: 'error',
      comment:
        'A remote imports only packages/* and its own files: never the host, another remote or a service.',
      from: { path: '^(mfe-[^/]+)/' },
      to: { dependencyTypesNot: ['core'], pathNot: ['^$1/', '^packages/', '(^|/)node_modules/'] },
    },
    {
      name: 'remote-features-import-no-other-feature',
      severity: 'error',
      comment:
        "A remote's feature imports its own files, the remote's shared/ and app/, never another feature (docs/frontend.md).",
      from: { path: '^(mfe-[^/]+)/src/features/([^/]+)/' },
      to: { path: '^$1/src/features/', pathNot: '^$1/src/features/$2/' },
    },
    {
      name: 'host-imports-packages-only',
      severity: 'error',
      comment: 'The host imports only packages/* and its own files; remotes are loaded at run time.',
      from: { path: '^(shells/[^/]+)/' },
      to: { dependencyTypesNot: ['core'], pathNot: ['^$1/', '^packages/', '(^|/)node_modules/'] },
    },
    {
      name: 'service-imports-no-other-service',
      severity: 'error',
      comment: 'Services talk over HTTP and events, never by importing each other.',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'service-features-wired-only-in-app',
      severity: 'error',
      comment:
        "A feature's routes.ts and handlers.ts are wired by the service's app.ts alone; other features use its store, domain and named modules (docs/service-layout.md).",
      from: { path: '^services/([^/]+)/src/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^services/$1/src/[^/]+/(routes|handlers)\\.ts$', pathNot: '^services/$1/src/$2/' },
    },
    {
      name: 'service-features-import-no-wiring',
      severity: 'error',
      comment:
        "A feature never imports its service's app.ts, server.ts or index.ts (docs/service-layout.md).",
      from: { path: '^services/([^/]+)/src/[^/]+/', pathNot: '\\.test\\.ts$' },
      to: { path: '^services/$1/src/(app|server|index)\\.ts$' },
    },
    {
      name: 'service-domain-does-no-io',
      severity: 'error',
      comment:
        'A domain.ts holds pure rules: no database, HTTP, event, storage or file-system module, no service kit, no store, routes or handlers (types excepted).',
      from: { path: '^services/[^/]+/src/[^/]+/domain\\.ts$' },
      to: {
        dependencyTypesNot: ['type-only'],
        path: [
          '(^|/)node_modules/(mongodb|fastify|@fastify/[^/]+|minio|@nats-io/[^/]+|razorpay|nodemailer|undici|pdfkit)/',
          '^(node:)?(fs|fs/promises|net|http|https|http2|child_process|dgram|dns|tls|worker_threads|cluster)$',
          '^packages/service-kit/',
          '^services/[^/]+/src/[^/]+/(store|routes|handlers)\\.ts$',
        ],
      },
    },
    {
      name: 'gateway-imports-no-service',
      severity: 'error',
      comment: 'The gateway reaches services over HTTP and their events; it imports only packages.',
      from: { path: '^gateway/' },
      to: { path: '^(services|shells|mfe-[^/]+)/' },
    },
    {
      name: 'packages-import-nothing-above',
      severity: 'error',
      comment:
        'packages/* are the bottom layer: they import other packages and libraries, nothing above them.',
      from: { path: '^packages/' },
      to: { dependencyTypesNot: ['core'], pathNot: ['^packages/', '(^|/)node_modules/'] },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)(dist|\\.data|\\.tools)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
  },
};
