// The direction of imports (README "Architecture"), checked by `npm run lint:deps` in `npm test`.
// Server: shared ← platform ← engine ← modules ← app (server/*.ts).
// Web:    shared ← core ← engine ← modules ← app (src/app, src/main.tsx).
// A module reaches another module only through that module's public.ts.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'Import cycles make every change cost more; break the cycle.', from: {}, to: { circular: true } },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'src/shared holds what both sides use; it imports nothing of the product.',
      from: { path: '^src/shared/' },
      to: { path: '^(src|server|scripts)/', pathNot: '^src/shared/' },
    },
    {
      name: 'server-uses-only-shared-web-code',
      severity: 'error',
      comment: 'The server may import src/shared only, never the web app.',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/shared/' },
    },
    {
      name: 'platform-below-engine',
      severity: 'error',
      comment: 'server/platform is infrastructure: it never imports the engine, a module or the app.',
      from: { path: '^server/platform/' },
      to: { path: '^server/', pathNot: '^server/platform/' },
    },
    {
      name: 'engine-below-modules',
      severity: 'error',
      comment: 'server/engine never imports a module or the app (the app hands it what it needs).',
      from: { path: '^server/engine/' },
      to: { path: '^server/', pathNot: '^server/(platform|engine)/' },
    },
    {
      name: 'server-module-below-app',
      severity: 'error',
      comment: 'A module never imports the composition root (server/*.ts).',
      from: { path: '^server/modules/' },
      to: { path: '^server/[^/]+$' },
    },
    {
      name: 'server-module-through-public',
      severity: 'error',
      comment: 'A module imports another module only through its public.ts.',
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/([^/]+)/', pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/public\\.ts$'] },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP only.',
      from: { path: '^src/' },
      to: { path: '^(server|scripts|tests|bench)/' },
    },
    {
      name: 'core-below-engine',
      severity: 'error',
      comment: 'src/core (requests, session, runtime config) never imports the renderer, a module or the app.',
      from: { path: '^src/core/' },
      to: { path: '^src/', pathNot: '^src/(shared|core)/' },
    },
    {
      name: 'web-engine-below-modules',
      severity: 'error',
      comment: 'The renderer never imports a module or the app: the app gives it a host (src/engine/host.ts).',
      from: { path: '^src/engine/' },
      to: { path: '^src/', pathNot: '^src/(shared|core|engine)/' },
    },
    {
      name: 'web-module-below-app',
      severity: 'error',
      comment: 'A web module never imports the app.',
      from: { path: '^src/modules/' },
      to: { path: '^src/(app/|main\\.tsx)' },
    },
    {
      name: 'web-module-through-public',
      severity: 'error',
      comment: 'A web module imports another module only through its public.ts.',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/([^/]+)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/public\\.ts$'] },
    },
    {
      name: 'product-not-build-or-tests',
      severity: 'error',
      comment: 'Runtime code never imports build scripts, tests or the bench.',
      from: { path: '^(src|server)/' },
      to: { path: '^(scripts|tests|bench)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|^dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
    moduleSystems: ['es6', 'cjs'],
  },
};
