/** Dependencies point one way (conventions rule 10). */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-stay-below-apps',
      comment: 'packages/* are shared by every app and never reach into one.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'domain-is-pure',
      comment: 'Pure rules: no I/O, no framework, no database, no platform adapters.',
      severity: 'error',
      from: { path: '(^packages/domain/|\\.domain\\.ts$)' },
      to: {
        dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer'],
        pathNot: ['node_modules/(zod)/'],
      },
    },
    {
      name: 'domain-imports-no-adapters',
      severity: 'error',
      from: { path: '\\.domain\\.ts$' },
      to: { path: '(^apps/server/src/platform/|\\.(repository|routes|service|schema)\\.ts$)' },
    },
    {
      name: 'modules-below-app',
      comment:
        'Modules declare the dependencies they need and receive them (config values too); only the ' +
        'composition root builds them, app.ts registers them and main.ts starts them.',
      severity: 'error',
      from: { path: '^apps/server/src/(modules|platform)/' },
      to: { path: '^apps/server/src/(app|main|composition|config)\\.ts$' },
    },
    {
      name: 'app-registers-what-it-is-given',
      comment: 'app.ts registers the modules it is handed; it names none of them.',
      severity: 'error',
      from: { path: '^apps/server/src/app\\.ts$' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'main-starts-through-composition',
      comment: 'main.ts builds the world and the composition root; it reaches no module itself.',
      severity: 'error',
      from: { path: '^apps/server/src/main\\.ts$' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'config-reads-pure-rules-only',
      comment: "config.ts may validate with a module's pure rules, nothing else of it.",
      severity: 'error',
      from: { path: '^apps/server/src/config\\.ts$' },
      to: { path: '^apps/server/src/modules/', pathNot: '\\.domain\\.ts$' },
    },
    {
      name: 'platform-below-modules',
      comment: 'platform <- modules <- app: platform adapters never import a feature module.',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'modules-meet-through-index',
      comment: 'A module reaches another only through its index.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'web-features-independent',
      comment: 'Web features do not import each other; shared pieces move to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'apps-stay-apart',
      comment: 'An app reaches another only over HTTP; shared code lives in packages/.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/([^/]+)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'admin-features-independent',
      severity: 'error',
      from: { path: '^apps/admin/src/features/([^/]+)/' },
      to: { path: '^apps/admin/src/features/([^/]+)/', pathNot: '^apps/admin/src/features/$1/' },
    },
    {
      name: 'admin-shared-below-features',
      severity: 'error',
      from: { path: '^apps/admin/src/(lib|components)/' },
      to: { path: '^apps/admin/src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist|\\.test\\.tsx?$)' },
    tsConfig: { fileName: 'tsconfig.base.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
