import { useEffect, useState } from 'react';

/** The thin loading bar at the top of the window while a page's code or data is on its way. */
export function RouteProgress() {
  const [width, setWidth] = useState(10);
  useEffect(() => {
    const timer = setInterval(() => setWidth((w) => (w < 90 ? w + (90 - w) * 0.15 : w)), 120);
    return () => clearInterval(timer);
  }, []);
  return (
    <div
      role="progressbar"
      aria-label="页面加载中"
      style={{ position: 'fixed', top: 0, left: 0, height: 2, width: `${width}%`, background: '#1677ff', zIndex: 2000, transition: 'width 120ms linear' }}
    />
  );
}
