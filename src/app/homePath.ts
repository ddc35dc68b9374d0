// Apart from routes.ts: the session pages that send the user home are screens routes.ts lists.
/** Paths that lead to the landing page (spec 2.2). */
export const HOME_PATH = '/index/home_index';
export const HOME_ALIASES = ['/', '/index', '/home'];
