/**
 * The build's list of each schema route's first-screen chunks, beside Vite's manifest in dist/:
 * route → the URLs of the chunks the screen loads before its first render beyond the entry's own.
 * Written by the build (scripts/build/firstScreenHints.ts), read by the server (server/platform/http/firstScreen.ts).
 */
export const FIRST_SCREENS_FILE = '.vite/first-screens.json';
