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
    exclude: { path: '(^|/)(node_modules|dist|\\.data|\\.tools)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
  },
};
