/**
 * The hero's drawing: a building whose wall is cut open to the pipes and wiring behind it, with a
 * 360° photo pin and a bid card. Inline SVG: no request, crisp at any size, a few kilobytes.
 */
export function HeroIllustration() {
  return (
    <svg viewBox="0 0 480 400" role="img" aria-labelledby="hero-art-title" width="100%" height="100%">
      <title id="hero-art-title">
        A building with its wall opened to show pipes and wiring, a 360° photo pin and an incoming bid
      </title>
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#eaf1fa" />
          <stop offset="1" stopColor="#d2e0f2" />
        </linearGradient>
        <linearGradient id="hero-wall" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#e9eef5" />
        </linearGradient>
      </defs>
      <rect x="10" y="20" width="460" height="360" rx="28" fill="url(#hero-sky)" />
      {/* the building */}
      <rect
        x="70"
        y="80"
        width="250"
        height="280"
        rx="6"
        fill="url(#hero-wall)"
        stroke="#a3bfe4"
        strokeWidth="2"
      />
      <rect x="70" y="66" width="250" height="20" rx="4" fill="#1b4f8f" />
      {[0, 1, 2].map((row) =>
        [0, 1, 2].map((col) => (
          <rect
            key={`${row}-${col}`}
            x={92 + col * 74}
            y={104 + row * 70}
            width="50"
            height="44"
            rx="4"
            fill={row === 1 && col === 2 ? '#fff' : '#a3bfe4'}
            opacity={row === 1 && col === 2 ? 0 : 0.7}
          />
        )),
      )}
      <rect x="168" y="314" width="54" height="46" rx="4" fill="#326cc2" />
      {/* the cut-open wall: studs, a water line and wiring */}
      <g>
        <rect
          x="226"
          y="160"
          width="84"
          height="90"
          rx="6"
          fill="#fdf6ec"
          stroke="#1b4f8f"
          strokeWidth="2"
          strokeDasharray="6 4"
        />
        <rect x="238" y="160" width="8" height="90" fill="#e8c9a0" />
        <rect x="290" y="160" width="8" height="90" fill="#e8c9a0" />
        <path
          d="M226 188h34a8 8 0 0 1 8 8v54"
          fill="none"
          stroke="#2461b6"
          strokeWidth="6"
          strokeLinecap="round"
        />
        <path
          d="M226 222h84"
          fill="none"
          stroke="#d9480f"
          strokeWidth="3"
          strokeDasharray="2 5"
          strokeLinecap="round"
        />
      </g>
      {/* the 360° photo pin over the opening */}
      <g transform="translate(268 128)">
        <path d="M0 34C-16 18-22 8-22 0a22 22 0 0 1 44 0c0 8-6 18-22 34z" fill="#1aab66" />
        <circle r="13" fill="#fff" />
        <text
          y="4.5"
          textAnchor="middle"
          fontSize="11"
          fontWeight="700"
          fill="#0c3663"
          fontFamily="system-ui, sans-serif"
        >
          360°
        </text>
      </g>
      {/* the incoming bid card */}
      <g transform="translate(310 252)">
        <rect width="150" height="84" rx="12" fill="#fff" stroke="#d2e0f2" />
        <rect
          x="0"
          y="0"
          width="150"
          height="84"
          rx="12"
          fill="none"
          stroke="#1b4f8f"
          strokeOpacity="0.08"
          strokeWidth="6"
        />
        <text x="14" y="26" fontSize="12" fill="#5c6b7f" fontFamily="system-ui, sans-serif">
          New bid · Plumbing
        </text>
        <text x="14" y="52" fontSize="22" fontWeight="700" fill="#0c3663" fontFamily="system-ui, sans-serif">
          $1,240
        </text>
        <circle cx="20" cy="68" r="5" fill="#1aab66" />
        <text x="30" y="72" fontSize="11" fill="#1aab66" fontWeight="600" fontFamily="system-ui, sans-serif">
          Licensed &amp; insured
        </text>
      </g>
      {/* progress card */}
      <g transform="translate(24 36)">
        <rect width="150" height="58" rx="12" fill="#fff" stroke="#d2e0f2" />
        <text x="14" y="24" fontSize="12" fill="#5c6b7f" fontFamily="system-ui, sans-serif">
          Unit 4B · Leak repair
        </text>
        <rect x="14" y="36" width="122" height="8" rx="4" fill="#eaf1fa" />
        <rect x="14" y="36" width="82" height="8" rx="4" fill="#326cc2" />
      </g>
    </svg>
  );
}
