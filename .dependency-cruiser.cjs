/**
 * dependency-cruiser (`npm run lint:deps`, part of `npm run lint`): no
 * import cycles in app/ and inertia/, and the layer rules of
 * docs/architecture.md "Where code goes". A rule names the layer that may
 * not import another; `from`/`to` are paths from the repository root.
 */

/** What the browser bundle may import from the server side (eslint.config.js, vite.config.ts). */
const SHARED_WITH_CLIENT = [
  '^\\.adonisjs/client/registry/',
  '^app/enums/report_reason\\.ts$',
  '^app/enums/notification_sentences\\.ts$',
  '^app/services/realtime/channels\\.ts$',
]

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle in app/ or inertia/ (type-only imports aside: they are gone at run time).',
      from: { path: '^(app|inertia)/' },
      to: {
        circular: true,
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
    {
      name: 'models-import-no-upper-layer',
      severity: 'error',
      comment:
        'A model imports other models, app/enums and app/services/db only (hooks that call services: start/model_hooks.ts).',
      from: { path: '^app/models/' },
      to: {
        path: '^app/(queries|services|actions|controllers|listeners|transformers|validators|policies|middleware|jobs|events)/',
        pathNot: '^app/services/db/',
      },
    },
    {
      name: 'actions-import-no-controller',
      severity: 'error',
      from: { path: '^app/actions/' },
      to: { path: '^app/controllers/' },
    },
    {
      name: 'lower-layers-import-no-action',
      severity: 'error',
      comment:
        'Services, validators, queries, transformers, policies, models never import an action (or a controller).',
      from: { path: '^app/(services|validators|queries|transformers|policies|models|enums)/' },
      to: { path: '^app/(actions|controllers)/' },
    },
    {
      name: 'controllers-import-no-controller',
      severity: 'error',
      comment: 'What several controllers share goes to app/services/http/ or the domain service.',
      from: { path: '^app/controllers/' },
      to: { path: '^app/controllers/' },
    },
    {
      name: 'client-imports-no-server-code',
      severity: 'error',
      comment: 'inertia/ imports server code only from the shared list (eslint.config.js).',
      from: { path: '^inertia/' },
      to: {
        path: '^(app|start|config|database|providers|\\.adonisjs/server)/',
        pathNot: SHARED_WITH_CLIENT,
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^node_modules', '^build/', '^tmp/'] },
    tsPreCompilationDeps: true,
    webpackConfig: { fileName: '.dependency-cruiser.resolve.cjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default', 'types'],
    },
  },
}
