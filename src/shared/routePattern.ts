/** Whether a route pattern (`/notice/:id`) names a path: same segments, a `:param` matching any one. Shared by the router and the server's first-screen hints. */
export function routeMatches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.split('/');
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}
