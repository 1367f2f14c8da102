import styles from './StadiumBackdrop.module.css';
/** A night stadium drawn in SVG, behind the match block (no image download). */
export function StadiumBackdrop() {
  const stripes = [330, 352, 378, 408, 444, 486, 536, 600];
  return (
    <svg
      className={styles['stadium']}
      viewBox="0 0 1200 600"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="stadium-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#070b16" />
          <stop offset="1" stopColor="#1c2233" />
        </linearGradient>
        <radialGradient id="stadium-light" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fffbe6" stopOpacity="0.9" />
          <stop offset="1" stopColor="#fffbe6" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="stadium-stand" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3a0a10" />
          <stop offset="1" stopColor="#7a0714" />
        </linearGradient>
        <clipPath id="stadium-pitch">
          <polygon points="-80,600 1280,600 930,330 270,330" />
        </clipPath>
      </defs>
      <rect width="1200" height="600" fill="url(#stadium-sky)" />
      {[140, 1060].map((x) => (
        <g key={x}>
          <circle cx={x} cy="60" r="140" fill="url(#stadium-light)" />
          <rect x={x - 30} y="50" width="60" height="22" rx="3" fill="#fefce8" />
          <rect x={x - 3} y="72" width="6" height="120" fill="#2d3344" />
        </g>
      ))}
      <path d="M0 180 Q600 110 1200 180 V340 H0 Z" fill="url(#stadium-stand)" />
      {[205, 235, 265, 295].map((y) => (
        <path
          key={y}
          d={`M0 ${y} Q600 ${y - 60} 1200 ${y}`}
          stroke="#ffffff"
          strokeOpacity="0.08"
          strokeWidth="3"
          fill="none"
        />
      ))}
      <rect x="0" y="318" width="1200" height="14" fill="#e2001a" />
      <g clipPath="url(#stadium-pitch)">
        <rect x="-100" y="330" width="1400" height="270" fill="#1f7a3a" />
        {stripes
          .slice(0, -1)
          .map((y, i) =>
            i % 2 === 0 ? (
              <rect
                key={y}
                x="-100"
                y={y}
                width="1400"
                height={(stripes[i + 1] ?? 600) - y}
                fill="#238a42"
              />
            ) : null,
          )}
      </g>
      <g stroke="#ffffff" strokeOpacity="0.75" strokeWidth="3" fill="none">
        <polygon points="40,590 1160,590 900,340 300,340" />
        <line x1="600" y1="340" x2="600" y2="590" />
        <ellipse cx="600" cy="440" rx="120" ry="38" />
        <polygon points="470,340 730,340 750,362 450,362" />
      </g>
    </svg>
  );
}
