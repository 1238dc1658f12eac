/**
 * The app's mark (public/favicon.svg: a leaf-shaped coffee bean on a warm tile) drawn inline so
 * its parts can move: the tile settles, the bean turns into place and its vein is drawn. The
 * motion is pure CSS (publico.css) and is switched off for those who asked for reduced motion.
 */
const VEIN =
  'M-1.88 -17.92 L-2.38 -16.43 L-2.77 -14.93 L-3.04 -13.44 L-3.18 -11.95 L-3.18 -10.45 ' +
  'L-3.04 -8.96 L-2.77 -7.47 L-2.38 -5.97 L-1.88 -4.48 L-1.30 -2.99 L-0.67 -1.49 L0.00 0.00 ' +
  'L0.67 1.49 L1.30 2.99 L1.88 4.48 L2.38 5.97 L2.77 7.47 L3.04 8.96 L3.18 10.45 L3.18 11.95 ' +
  'L3.04 13.44 L2.77 14.93 L2.38 16.43 L1.88 17.92';

export function AnimatedLogo({ size = 112 }: { size?: number }) {
  return (
    <svg
      className="animated-logo"
      viewBox="-32 -32 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <rect className="animated-logo-tile" x="-32" y="-32" width="64" height="64" rx="11.5" />
      <g transform="rotate(32)">
        <g className="animated-logo-bean">
          <ellipse cx="0" cy="0" rx="15.2" ry="21.28" />
          <path className="animated-logo-vein" d={VEIN} pathLength={1} />
        </g>
      </g>
    </svg>
  );
}
