import { Progress } from 'antd';

/** A progress cell's bar (antd Progress), loaded with the first such cell: most lists show none. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return <Progress percent={Math.max(0, Math.min(100, percent))} size="small" format={() => label} style={{ width: 140, margin: 0 }} status={percent > 100 ? 'exception' : 'normal'} />;
}
