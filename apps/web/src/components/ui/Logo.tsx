/** The Munegu mark: a red-and-white shield (drawn here, no external asset). */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M32 3 57 12v19c0 15-10.5 25.5-25 30C17.5 56.5 7 46 7 31V12z" fill="#E2001A" />
      <path d="M7 31h50c0 15-10.5 25.5-25 30C17.5 56.5 7 46 7 31z" fill="#fff" />
      <path
        d="M32 3 57 12v19c0 15-10.5 25.5-25 30C17.5 56.5 7 46 7 31V12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
      />
      <text
        x="32"
        y="26"
        textAnchor="middle"
        fontSize="17"
        fontWeight="800"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
      >
        M
      </text>
    </svg>
  );
}
