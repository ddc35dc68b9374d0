import { lazy, Suspense } from 'react';
import { Empty, Typography } from 'antd';
import FileCell from '../../engine/files/FileCell.tsx';
import { fileKind, storedFiles } from '../../engine/files/fileValue.ts';
import { RichTextView } from '../../engine/RichText.tsx';
import { useReadingClock } from './useReadingClock.ts';

const VideoPlayer = lazy(() => import('../../engine/files/VideoPlayer.tsx'));
const PdfViewer = lazy(() => import('../../engine/files/PdfViewer.tsx'));

export interface StudyContentProps {
  /** Course type: video / doc / article / live (academy), or video / pdf / article (required reading). */
  type: string;
  files: unknown;
  content: string | null;
  /** Where to resume, in seconds. */
  startAt?: number;
  /** Reports the position (the player's, or the reading time of a page without one). */
  onPosition?: (seconds: number) => void;
}

/** A course's content as the learner studies it: the video in the engine's player, a PDF in its viewer, an article as rich text. */
export default function StudyContent({ type, files, content, startAt = 0, onPosition }: StudyContentProps) {
  const all = storedFiles(files);
  const video = all.find((f) => fileKind(f.url) === 'mp4');
  const pdf = all.find((f) => fileKind(f.url) === 'pdf');
  const played = Boolean(video) && (type === 'video' || type === 'live');
  return (
    <div>
      {played ? (
        <Suspense fallback={null}>
          <VideoPlayer url={video!.url} startAt={startAt} onPosition={onPosition} />
        </Suspense>
      ) : (
        <ReadingPage startAt={startAt} onPosition={onPosition}>
          {content && <RichTextView value={content} />}
          {pdf && (
            <Suspense fallback={null}>
              <div style={{ maxHeight: '70vh', overflow: 'auto', marginTop: 12 }}>
                <PdfViewer url={pdf.url} />
              </div>
            </Suspense>
          )}
          {!content && !pdf && !all.length && <Empty description="该课程暂无内容" />}
        </ReadingPage>
      )}
      {all.length > 0 && (
        <div style={{ marginTop: 12 }}>
          <Typography.Text type="secondary">课件：</Typography.Text>
          <FileCell value={all} />
        </div>
      )}
    </div>
  );
}

/** A page without a player: the reading clock is its position. */
function ReadingPage({ startAt, onPosition, children }: { startAt: number; onPosition?: (seconds: number) => void; children: React.ReactNode }) {
  const seconds = useReadingClock(startAt, onPosition);
  return (
    <div>
      {onPosition && <Typography.Text type="secondary" data-testid="reading-clock">已阅读 {Math.floor(seconds / 60)} 分 {seconds % 60} 秒</Typography.Text>}
      {children}
    </div>
  );
}
