/**
 * The four process pictograms, drawn for this app on a 24×24 grid with the current text
 * colour, so one drawing serves every state (the state changes the colour around it).
 */
import type { JSX } from 'react';
import type { Process } from '#domain/codes';

function CoffeeBean() {
  return (
    <>
      <ellipse cx="12" cy="12" rx="6.5" ry="9" transform="rotate(35 12 12)" />
      <path d="M8.2 18.4c2.6-2.2 1.2-5.2 3.2-7.4s4.6-2.3 4.6-5.4" />
    </>
  );
}

function HoneyComb() {
  return (
    <>
      <path d="M12 2.8l6.2 3.6v7.2L12 17.2l-6.2-3.6V6.4z" />
      <path d="M12 17.2v4" />
      <path d="M12 21.4c-1.3 0-2-.9-2-1.9 0-1.2 2-3.3 2-3.3s2 2.1 2 3.3c0 1-.7 1.9-2 1.9z" />
      <path d="M12 6.6l2.6 1.5v3l-2.6 1.5-2.6-1.5v-3z" />
    </>
  );
}

function SoapBar() {
  return (
    <>
      <rect x="3.5" y="11" width="14" height="8.5" rx="2.5" />
      <path d="M6.5 14.5h8" />
      <circle cx="16.5" cy="6" r="2.2" />
      <circle cx="20" cy="9.5" r="1.3" />
      <circle cx="11.5" cy="6.5" r="1.2" />
    </>
  );
}

function Salary() {
  return (
    <>
      <rect x="2.5" y="6.5" width="19" height="11" rx="1.5" />
      <circle cx="12" cy="12" r="2.8" />
      <path d="M5.5 9.5v5M18.5 9.5v5" />
    </>
  );
}

const ART: Record<Process, () => JSX.Element> = {
  CF: CoffeeBean,
  MI: HoneyComb,
  JA: SoapBar,
  SL: Salary,
};

export function ProcessArt({ process }: { process: Process }) {
  const Art = ART[process];
  return (
    <svg
      className="process-art"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <Art />
    </svg>
  );
}
