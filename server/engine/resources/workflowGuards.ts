import type { ResourceDef, WorkflowDef, WorkflowTransition } from '../../../src/shared/schemaTypes.ts';
import type { Row } from '../hooks.ts';
import { jsonList } from '../../../src/shared/jsonList.ts';

// The guards of a workflow move, as pure functions (issue 43: the rules the mutation run holds,
// testable without a server). Each answers the Chinese refusal, or null when the move may go on;
// workflow.ts turns a refusal into its status (409 state, 403 actor, 400 note); its button check
// is the routes' own (access/guards.ts).

/** A move only from one of its declared states: the state a record is already in is no exception. */
export function stateRefusal(workflow: Pick<WorkflowDef, 'states'>, transition: Pick<WorkflowTransition, 'from' | 'label'>, from: string): string | null {
  if (transition.from.includes(from)) return null;
  const text = workflow.states[from]?.text ?? from;
  return `当前状态为「${text}」，不能${transition.label}`;
}

/** A move naming an actor field is made by the person that field holds, and nobody else. */
export function actorRefusal(resource: Pick<ResourceDef, 'fields'>, transition: Pick<WorkflowTransition, 'actorField' | 'label'>, record: Row, staffId: number): string | null {
  if (!transition.actorField || record[transition.actorField] === staffId) return null;
  return `只有${resource.fields[transition.actorField]?.title ?? '指定人员'}本人可以${transition.label}`;
}

/** A move whose note is required refuses an empty or blank one. */
export function noteRefusal(transition: Pick<WorkflowTransition, 'note' | 'label'>, note: string | undefined): string | null {
  return transition.note === 'required' && !note?.trim() ? `请填写${transition.label}说明` : null;
}

/** A move the record must allow (allowedBy) is refused when its list does not name it. */
export function allowedRefusal(transition: Pick<WorkflowTransition, 'allowedBy'>, record: Row): string | null {
  const allowed = transition.allowedBy;
  return allowed && !jsonList(record[allowed.field]).includes(allowed.value) ? allowed.message : null;
}
