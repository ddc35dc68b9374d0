import { request } from '../../core/request.ts';

/** What the owner's link opens (server/modules/lottery/publicRoutes.ts). */
export interface Wheel {
  activity: { id: number; name: string; project_name: string; start_time: number; end_time: number; status: string; rules: string; total_limit: number; day_limit: number; claim_days: number };
  running: boolean;
  participant: { name: string };
  prizes: { id: number; name: string; prize_type: string; colour: string }[];
  remaining: { total: number; today: number };
  records: { id: number; drawn_at: number; result: 'win' | 'lose'; verify_code: string | null; status: string; expires_at: number | null; prize_name: string | null }[];
}

export interface DrawResult {
  result: 'win' | 'lose';
  prize: { id: number; name: string } | null;
  verify_code: string | null;
  expires_at: number | null;
  remaining: Wheel['remaining'];
}

export const readWheel = (token: string) => request<Wheel>('lottery', '/public/wheel', { method: 'GET', params: { token } });
export const drawOnce = (token: string) => request<DrawResult>('lottery', '/public/draw', { method: 'POST', params: { token } });

export const CLAIM_STATES: Record<string, { text: string; color: string }> = {
  none: { text: '未中奖', color: 'default' },
  unclaimed: { text: '待领取', color: 'processing' },
  verified: { text: '已核销', color: 'success' },
  expired: { text: '已过期', color: 'default' },
};
