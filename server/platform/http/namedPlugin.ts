
/**
 * A plugin with its name set the way fastify-plugin sets it. Registering an unnamed function makes
 * fastify look for it among every loaded module (`require.cache`) to name it: with hundreds of
 * resource and report plugins, that scan was a fifth of a server start.
 */
export function namedPlugin<T extends object>(name: string, plugin: T): T {
  (plugin as Record<symbol, unknown>)[Symbol.for('fastify.display-name')] = name;
  return plugin;
}
