import type { ResourceDef } from '../../src/shared/schemaTypes.ts';

// The schema lint's cross-check of a resource's workflow and approvals against its own fields and
// states (issue 43: a pure file, so that its mutation run needs no schemas tree). schemaCheck.ts
// checks the btnCodes, the inputs' components and that an approval kind is declared once.

/** Problems of the workflow: its field, states, transitions (stamps, actors, inputs) and timers, as [pointer, message]. */
export function workflowProblems(r: ResourceDef): [string, string][] {
  const w = r.workflow;
  if (!w) return [];
  const problems: [string, string][] = [];
  if (r.fields[w.field]?.type !== 'string') problems.push(['/workflow/field', `"${w.field}" must be a string field of this resource`]);
  if (!(w.initial in w.states)) problems.push(['/workflow/initial', `"${w.initial}" is not one of the states`]);
  w.transitions.forEach((t, i) => {
    const at = `/workflow/transitions/${i}`;
    for (const s of [...t.from, t.to]) if (!(s in w.states)) problems.push([at, `state "${s}" is not declared in "states"`]);
    if (t.stamp && r.fields[t.stamp]?.type !== 'datetime') problems.push([`${at}/stamp`, `"${t.stamp}" must be a datetime field of this resource`]);
    for (const key of ['actorField', 'assignActor'] as const) {
      const name = t[key];
      if (name && r.fields[name]?.type !== 'integer') problems.push([`${at}/${key}`, `"${name}" must be an integer field of this resource holding a staff id`]);
    }
    if (t.allowedBy && r.fields[t.allowedBy.field]?.type !== 'json') problems.push([`${at}/allowedBy/field`, `"${t.allowedBy.field}" must be a json field of this resource holding the list of allowed moves`]);
    else if (t.allowedBy && r.fields[t.allowedBy.field]?.enum && !(t.allowedBy.value in r.fields[t.allowedBy.field]!.enum!)) problems.push([`${at}/allowedBy/value`, `"${t.allowedBy.value}" is not one of the values of "${t.allowedBy.field}"`]);
    for (const name of Object.keys(t.inputs ?? {})) {
      if (!(name in r.fields) || name === w.field) problems.push([`${at}/inputs/${name}`, `"${name}" is not a field of this resource that a move may write`]);
    }
  });
  (w.timers ?? []).forEach((timer, i) => {
    // A stay timer names its `state`; a date timer its `from` and the datetime field `at`.
    const [key, state] = 'at' in timer ? (['from', timer.from] as const) : (['state', timer.state] as const);
    if ('at' in timer && r.fields[timer.at]?.type !== 'datetime') problems.push([`/workflow/timers/${i}/at`, `"${timer.at}" must be a datetime field of this resource`]);
    if (!(state in w.states)) problems.push([`/workflow/timers/${i}/${key}`, `"${state}" is not one of the states`]);
    const t = w.transitions.find((x) => x.name === timer.transition);
    if (!t) problems.push([`/workflow/timers/${i}/transition`, `no transition "${timer.transition}"`]);
    else if (!t.from.includes(state)) problems.push([`/workflow/timers/${i}/transition`, `"${timer.transition}" cannot start from "${state}"`]);
  });
  return problems;
}

/** Where each approval of the resource is declared: /approval, or /approval/<i> in a list. */
export const approvalPointers = (r: ResourceDef): string[] => [r.approval ?? []].flat().map((_, i) => (Array.isArray(r.approval) ? `/approval/${i}` : '/approval'));

/**
 * Problems of the approvals: each names transitions of the workflow, and submit leads to the state
 * its outcomes (approve, reject, withdraw) start from; its title is a field.
 */
export function approvalProblems(r: ResourceDef): [string, string][] {
  const problems: [string, string][] = [];
  const pointers = approvalPointers(r);
  [r.approval ?? []].flat().forEach((a, i) => {
    const base = pointers[i]!;
    const w = r.workflow;
    if (!w) {
      problems.push([base, 'an approvable resource needs a "workflow" whose transitions the approval names']);
      return;
    }
    const names = w.transitions.map((t) => t.name).join(', ');
    const submit = w.transitions.find((t) => t.name === a.submit);
    if (!submit) problems.push([`${base}/submit`, `no transition "${a.submit}" in the workflow; use one of ${names}`]);
    for (const key of ['onApprove', 'onReject', 'withdraw'] as const) {
      const name = a[key];
      if (name === undefined) continue;
      const t = w.transitions.find((x) => x.name === name);
      if (!t) problems.push([`${base}/${key}`, `no transition "${name}" in the workflow; use one of ${names}`]);
      else if (submit && !t.from.includes(submit.to)) problems.push([`${base}/${key}`, `"${name}" cannot start from "${submit.to}", the state "${a.submit}" leads to`]);
    }
    if (!(a.title in r.fields)) problems.push([`${base}/title`, `"${a.title}" is not a field of this resource`]);
  });
  return problems;
}
