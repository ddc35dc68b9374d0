import fs from 'node:fs';
import path from 'node:path';
import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { storeGeneratedFile } from '../files/public.ts';
import { DEMO_STAFF } from '../org/public.ts';

const DAY = 86_400_000;

/**
 * Two short video courses (one minute each, 480×270, made once with ffmpeg from a title card
 * and four points appearing in turn, no sound, ~50 KB) stored as uploaded files, so the study
 * screen plays a real video and the server measures the watching. Nobody has studied them yet.
 * Regenerate with: ffmpeg -f lavfi -i color=c=0x1f3b5a:size=480x270:rate=5 -t 60 -vf drawtext=… -c:v libx264 -crf 30 -movflags +faststart
 */
const VIDEOS = [
  {
    file: 'fire-equipment-check.mp4', name: '消防器材日常检查（视频）', category: 'safety', lecturer: '张卫东', posts: ['秩序维护员', '巡检员', '维修工程师'],
    intro: '一分钟看懂灭火器、消火栓、应急照明的日常检查要点与记录要求。',
  },
  {
    file: 'elevator-entrapment.mp4', name: '电梯困人应急处置（视频）', category: 'engineering', lecturer: '吴晓峰', posts: ['维修工程师', '秩序维护员', '客服管家'],
    intro: '电梯困人后的安抚、报修、盘车放人与事件报告，按步骤演示。',
  },
];

/** Seeded after everything that draws from the shared random sequence, and drawing nothing from it. */
export async function seedVideoCourses(ctx: SeedContext): Promise<void> {
  if (!ctx.dataDir) return;
  const db = ctx.trx as AnyDB;
  const at = ctx.now - 12 * DAY;
  const lecturers = new Map((await db.selectFrom('training_lecturer').select(['id', 'name']).execute()).map((l) => [l.name as string, l.id as number]));
  const posts = await db.selectFrom('post').select(['id', 'name']).execute();
  for (const v of VIDEOS) {
    const bytes = fs.readFileSync(path.join(import.meta.dirname, 'demoAssets', v.file));
    const stored = await storeGeneratedFile(db, ctx.dataDir, bytes, { name: `${v.name.replace('（视频）', '')}.mp4`, mime: 'video/mp4', ext: 'mp4', staffId: DEMO_STAFF.peixun, at });
    const { id } = await db.insertInto('course').values({
      name: v.name, category: v.category, type: 'video', files: JSON.stringify([{ url: stored.url, name: stored.name, size: stored.size }]), content: null, duration_min: 1, done_ratio: 90,
      lecturer_id: lecturers.get(v.lecturer) ?? null, credit: 0.5, hours: 0.1, required: 1, intro: v.intro, status: 'published', state_at: at, published_at: at, created_by: DEMO_STAFF.peixun, created_at: at, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow();
    for (const p of posts.filter((p) => v.posts.includes(p.name as string))) await db.insertInto('course_post').values({ course_id: id, post_id: p.id }).execute();
  }
}
