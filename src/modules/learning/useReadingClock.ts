import { useEffect, useState } from 'react';

/**
 * Seconds spent reading a page that has no player (an article, a document): counted from
 * `startAt` while the tab is visible, and reported every `every` seconds and on leaving. The
 * server credits a report only as far as the time since the last one allows.
 */
export function useReadingClock(startAt: number, onPosition: ((seconds: number) => void) | undefined, every = 10): number {
  const [seconds, setSeconds] = useState(startAt);
  useEffect(() => {
    if (!onPosition) return;
    let at = startAt;
    let reported = startAt;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      at += 1;
      setSeconds(at);
      if (at - reported >= every) onPosition((reported = at));
    }, 1000);
    return () => {
      window.clearInterval(timer);
      if (at > reported) onPosition(at);
    };
  }, [startAt, every, onPosition]);
  return seconds;
}
