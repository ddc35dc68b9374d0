/** Spec 9: one tile is 200×120 CSS pixels, the text rotated -45°, faint and dark, repeated over a fixed overlay. */
export const WATERMARK_TILE = { width: 200, height: 120 } as const;
const COLOR = 'rgba(0, 0, 0, 0.08)';
const FONT = '14px sans-serif';

/** The tile as a data URL, drawn at the screen's pixel ratio so the text stays sharp. */
function tile(text: string): string {
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  canvas.width = WATERMARK_TILE.width * ratio;
  canvas.height = WATERMARK_TILE.height * ratio;
  const g = canvas.getContext('2d');
  if (!g) return '';
  g.scale(ratio, ratio);
  g.translate(WATERMARK_TILE.width / 2, WATERMARK_TILE.height / 2);
  g.rotate((-45 * Math.PI) / 180);
  g.font = FONT;
  g.fillStyle = COLOR;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(text, 0, 0);
  return canvas.toDataURL();
}

function styleOf(image: string): string {
  return [
    'position: fixed',
    'inset: 0',
    'z-index: 9999',
    'pointer-events: none',
    `background-image: url("${image}")`,
    `background-size: ${WATERMARK_TILE.width}px ${WATERMARK_TILE.height}px`,
    'background-repeat: repeat',
  ].join('; ');
}

/**
 * Lays the watermark over the whole viewport (above dialogs and drawers, never taking a click)
 * and puts it back when someone removes or restyles it in the developer tools. Returns the cleanup.
 */
export function mountWatermark(text: string): () => void {
  const style = styleOf(tile(text));
  let mark: HTMLDivElement;
  const place = () => {
    mark = document.createElement('div');
    mark.setAttribute('style', style);
    mark.setAttribute('aria-hidden', 'true');
    mark.dataset.watermark = '';
    document.body.appendChild(mark);
  };
  place();
  const observer = new MutationObserver(() => {
    if (mark.isConnected && mark.getAttribute('style') === style && !mark.hidden) return;
    mark.remove();
    place();
    observe();
  });
  const observe = () => {
    observer.disconnect();
    observer.observe(document.body, { childList: true });
    observer.observe(mark, { attributes: true });
  };
  observe();
  return () => {
    observer.disconnect();
    mark.remove();
  };
}
