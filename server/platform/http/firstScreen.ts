import fs from 'node:fs';
import path from 'node:path';
import { FIRST_SCREENS_FILE } from '../../../src/shared/firstScreens.ts';
import { routeMatches } from '../../../src/shared/routePattern.ts';

/**
 * The app's page for a path with the code of the screen there named as module preloads, after
 * the start-up code's own: the browser fetches those chunks alongside the start-up code instead
 * of once that code has run and asked for them. (As a `Link` header they would be fetched before
 * the start-up code, which the screen waits for first.) Undefined for a path without a screen
 * of its own, or a build without the file. Read from the build at each call, as index.html is,
 * so a new build under a running server is served at once.
 */
export function pageWithHints(webRoot: string, pathname: string): string | undefined {
  const urls = chunkUrlsOf(webRoot, pathname);
  if (!urls?.length) return undefined;
  const links = urls.map((url) => `<link rel="modulepreload" crossorigin href="${url}">`).join('');
  return fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8').replace('</head>', `${links}</head>`);
}

let cached: { file: string; mtimeMs: number; screens: Record<string, string[]> } | undefined;

function chunkUrlsOf(webRoot: string, pathname: string): string[] | undefined {
  const file = path.join(webRoot, FIRST_SCREENS_FILE);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return undefined;
  if (cached?.file !== file || cached.mtimeMs !== stat.mtimeMs) cached = { file, mtimeMs: stat.mtimeMs, screens: readScreens(file) };
  const { screens } = cached;
  // As the router finds a route: the exact path first, then a pattern with parameters.
  return screens[pathname] ?? Object.entries(screens).find(([route]) => route.includes('/:') && routeMatches(route, pathname))?.[1];
}

/** The build's list; an unreadable one (a build cut short) names nothing, so the page still goes out. */
function readScreens(file: string): Record<string, string[]> {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
  } catch {
    return {};
  }
}
