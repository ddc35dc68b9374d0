import { useEffect, useRef } from 'react';

export interface VideoPlayerProps {
  url: string;
  /** Where to start (seconds), e.g. where the viewer left off. */
  startAt?: number;
  /** Every `every` seconds of playing, and on pause, seek, end and closing: the position in seconds (keep it stable, useCallback). */
  onPosition?: (seconds: number) => void;
  every?: number;
}

/**
 * The browser's video player, as files show it (FileCell's 播放) and as screens that follow the
 * watching use it (a course player reporting its position to the server, which alone decides
 * what was watched).
 */
export default function VideoPlayer({ url, startAt = 0, onPosition, every = 10 }: VideoPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);

  // Resumes once the length is known (a cached video may know it before any listener is attached).
  useEffect(() => {
    const v = video.current;
    if (!v || startAt <= 0) return;
    const seek = () => startAt < v.duration - 1 && (v.currentTime = startAt);
    if (v.readyState >= 1) seek();
    else v.addEventListener('loadedmetadata', seek, { once: true });
    return () => v.removeEventListener('loadedmetadata', seek);
  }, [url, startAt]);

  useEffect(() => {
    const v = video.current;
    if (!v || !onPosition) return;
    let last = -1;
    const send = () => {
      const at = Math.floor(v.currentTime);
      if (at !== last) onPosition((last = at));
    };
    const tick = () => !v.paused && Math.floor(v.currentTime) - last >= every && send();
    v.addEventListener('timeupdate', tick);
    v.addEventListener('pause', send);
    v.addEventListener('ended', send);
    v.addEventListener('seeked', send);
    return () => {
      v.removeEventListener('timeupdate', tick);
      v.removeEventListener('pause', send);
      v.removeEventListener('ended', send);
      v.removeEventListener('seeked', send);
      if (v.currentTime > 0) send();
    };
  }, [url, every, onPosition]);

  return (
    <video
      ref={video}
      data-testid="video-player"
      src={url}
      controls
      preload="metadata"
      style={{ width: '100%', maxHeight: '70vh', background: '#000' }}
    />
  );
}
