import type { SeedContext } from '../../engine/module.ts';

/** Every demo role opens the approval center and acts on its own tasks; the project manager also sees the flows. */
export const APPROVAL_DEMO_GRANTS: Record<string, string[]> = {
  customer_service: ['approval:view', 'approval:approve', 'approval:transfer'],
  dispatcher: ['approval:view', 'approval:approve', 'approval:transfer'],
  technician: ['approval:view', 'approval:approve', 'approval:transfer'],
  inspector: ['approval:view', 'approval:approve', 'approval:transfer'],
  project_manager: ['approval:view', 'approval:approve', 'approval:transfer', 'approval:all', 'approvalflow:view'],
};

export async function seedApprovals(ctx: SeedContext): Promise<void> {
  void ctx;
}
