import type { Action, ResourceDef } from '../../src/shared/schemaTypes.ts';

// The schema lint's cross-check of a page's actions against the rest of the schemas (issue 43:
// a pure file, so that its mutation run needs no schemas tree): the resource's workflow and
// reveal permission, the endpoints they call, the routes they open, the form pages they show.
// schemaCheck.ts builds the catalogues and checks each action's btnCode itself.

/** What the other schemas answer about a name an action uses. */
export interface ActionRefs {
  resource(name: string): ResourceDef | undefined;
  hasEndpoint(id: string): boolean;
  /** Whether a page or a screen of the core has the route. */
  routeExists(to: string): boolean;
  /** The kind of the page at the route, if one has it. */
  pageKind(route: string): string | undefined;
}

/** The lint's message for an endpoint no resource, report or endpoints.json declares. */
export const missingEndpoint = (id: string) => `endpoint "${id}" does not exist; use "<resource>.<list|detail|add|update|delete|enable|export|import|options>" or declare it in schemas/endpoints.json`;

/** Problems of the actions of a toolbar, row, batch, tree or detail page over `resource`, as [pointer below the list, message]. */
export function actionProblems(actions: readonly Action[] | undefined, resource: string | undefined, refs: ActionRefs): [string, string][] {
  const problems: [string, string][] = [];
  const endpoint = (at: string, id: string) => refs.hasEndpoint(id) || problems.push([at, missingEndpoint(id)]);
  const def = resource === undefined ? undefined : refs.resource(resource);
  (actions ?? []).forEach((a, i) => {
    const at = `/${i}`;
    if (a.type === 'reveal' && !def?.permissions.reveal) problems.push([`${at}/type`, `resource "${resource}" declares no "permissions.reveal", so nothing can be revealed; mark its personal fields with "mask" and declare the code`]);
    if (a.type === 'request') endpoint(`${at}/endpoint`, a.endpoint);
    if (a.type === 'transition') {
      const workflow = def?.workflow;
      if (!workflow) problems.push([`${at}/transition`, `resource "${resource}" has no workflow`]);
      else if (!workflow.transitions.some((t) => t.name === a.transition)) problems.push([`${at}/transition`, `no transition "${a.transition}" in the workflow of "${resource}"; use one of ${workflow.transitions.map((t) => t.name).join(', ')}`]);
    } else if (a.type !== 'reveal' && !a.label) problems.push([`${at}/label`, 'missing "label"']);
    if (a.type === 'export') endpoint(`${at}/endpoint`, a.endpoint ?? `${resource}.export`);
    if (a.type === 'import') endpoint(`${at}/endpoint`, a.endpoint ?? `${resource}.import`);
    if (a.type === 'navigate' && !refs.routeExists(a.to)) problems.push([`${at}/to`, `no screen has the route "${a.to}"; add its page schema or fix the path`]);
    if (a.type === 'form' && refs.pageKind(a.form) !== 'form') problems.push([`${at}/form`, `"${a.form}" is not the route of a form page`]);
  });
  return problems;
}
