/** What other modules may use of siteconfig: a project's effective parameter value (project over company over default). */
export { effectiveConfig, type ConfigValue, type ConfigSource } from './params.ts';
