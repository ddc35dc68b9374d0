import type { ResourceHooks } from '../../../engine/hooks.ts';

/**
 * One published version per kind: publishing a new version archives the one users saw until
 * now (in the same transaction, with its own timeline entry), so /userPrivateProxy always shows
 * exactly the newest published text.
 */
export const privacyAgreementHooks: ResourceHooks = {
  async afterTransition({ trx, staff, id, to, record }) {
    if (to !== 'published') return;
    const previous = (await trx
      .selectFrom('privacy_agreement')
      .select(['id', 'version'])
      .where('kind', '=', record.kind)
      .where('status', '=', 'published')
      .where('id', '!=', id)
      .execute()) as { id: number; version: string }[];
    if (!previous.length) return;
    const now = Date.now();
    await trx.updateTable('privacy_agreement').set({ status: 'archived', updated_at: now }).where('id', 'in', previous.map((p) => p.id)).execute();
    for (const p of previous) {
      await trx
        .insertInto('resource_timeline')
        .values({
          resource: 'privacy_agreement',
          record_id: p.id,
          action: 'archive',
          from_state: 'published',
          to_state: 'archived',
          note: `发布新版本 ${String(record.version)} 后自动归档`,
          staff_id: staff.id,
          staff_name: staff.name,
          at: now,
        })
        .execute();
    }
  },
};
