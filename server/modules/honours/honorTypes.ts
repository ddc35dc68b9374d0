/** The honour types a round offers, with their names (as honor_nomination.json's enum). */
export const HONOR_TYPES: Record<string, string> = {
  service_star: '服务之星',
  gold_steward: '金牌管家',
  best_repair: '优秀维修工',
  best_cleaner: '最美保洁',
  safety_guard: '安全卫士',
  best_manager: '优秀项目经理',
};

/** Nomination states that hold a place in the quota: all but a rejected or unsuccessful one. */
export const HOLDING_QUOTA = ['nominated', 'reviewed', 'approving', 'approved', 'awarded'];

export interface Quota {
  org_id: number;
  honor_type: string;
  quota: number;
}

export function parseJson<T>(value: unknown, fallback: T): T {
  if (typeof value !== 'string') return (value as T) ?? fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}
