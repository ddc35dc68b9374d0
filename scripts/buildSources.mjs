// What the web app's build reads besides node_modules: `npm start` rebuilds when one is newer
// than the build (build-if-needed.mjs), and the bench and the configurator test copy them to
// build a project of their own. vite.config.ts imports these scripts.
export const BUILD_SOURCES = ['src', 'schemas', 'public', 'index.html', 'vite.config.ts', 'scripts/build', 'scripts/bundle-size.ts', 'tsconfig.json', 'package.json'];
