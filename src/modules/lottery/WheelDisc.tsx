import type { CSSProperties, TransitionEvent } from 'react';

/** One sector of the wheel. */
export interface Sector {
  key: string;
  label: string;
  colour: string;
}

const R = 150;
const point = (deg: number, r = R) => {
  const rad = ((deg - 90) * Math.PI) / 180;
  return `${R + r * Math.cos(rad)},${R + r * Math.sin(rad)}`;
};

/**
 * The disc: equal sectors clockwise from the top, turned by `rotation` degrees with a CSS
 * transition that slows to a stop (the pointer stays at the top). The caller picks the rotation
 * that brings the server's result under the pointer and hears when the turn has ended.
 */
export function WheelDisc({ sectors, rotation, spinning, onStopped }: { sectors: Sector[]; rotation: number; spinning: boolean; onStopped: () => void }) {
  const step = 360 / sectors.length;
  const style: CSSProperties = {
    width: 2 * R,
    height: 2 * R,
    transform: `rotate(${rotation}deg)`,
    transition: spinning ? 'transform 3.2s cubic-bezier(0.17, 0.67, 0.21, 1)' : 'none',
  };
  return (
    <div style={{ position: 'relative', width: 2 * R, height: 2 * R + 16, margin: '0 auto' }}>
      <svg viewBox={`0 0 ${2 * R} ${2 * R}`} style={style} onTransitionEnd={(e: TransitionEvent) => e.propertyName === 'transform' && onStopped()} role="img" aria-label="幸运大转盘">
        {sectors.map((s, i) => {
          const from = i * step;
          const path = sectors.length === 1 ? `M0,${R}a${R},${R} 0 1,0 ${2 * R},0a${R},${R} 0 1,0 ${-2 * R},0` : `M${R},${R} L${point(from)} A${R},${R} 0 ${step > 180 ? 1 : 0},1 ${point(from + step)} Z`;
          const mid = from + step / 2;
          return (
            <g key={s.key}>
              <path d={path} fill={s.colour} stroke="#fff" strokeWidth={2} />
              <text transform={`rotate(${mid} ${R} ${R})`} x={R} y={R - R * 0.62} textAnchor="middle" fontSize={13} fill="#4a2c00">
                {s.label.length > 7 ? `${s.label.slice(0, 7)}…` : s.label}
              </text>
            </g>
          );
        })}
        <circle cx={R} cy={R} r={22} fill="#fff" stroke="#d4380d" strokeWidth={3} />
      </svg>
      {/* The pointer at the top, outside the turning disc. */}
      <div style={{ position: 'absolute', top: -4, left: R - 12, width: 0, height: 0, borderLeft: '12px solid transparent', borderRight: '12px solid transparent', borderTop: '28px solid #d4380d' }} />
    </div>
  );
}

/** The rotation (from `current`, always forward, at least five turns) that stops sector `index` of `count` under the pointer. */
export function rotationFor(current: number, index: number, count: number, turns = 5): number {
  const step = 360 / count;
  const target = 360 - (index * step + step / 2);
  const base = current - (current % 360);
  return base + turns * 360 + target;
}
