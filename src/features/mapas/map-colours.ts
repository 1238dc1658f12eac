/**
 * Colours of the two maps: one per process (process map circles and toggles) and one per
 * region for the mission map's community markers — regions 1 to 10 each with its own, a
 * default for any other — with a text colour readable on it.
 */
import type { Process } from '#domain/codes';

export const PROCESS_COLOURS: Readonly<Record<Process, string>> = {
  CF: '#7a4a24',
  MI: '#d9a400',
  JA: '#3f6fb5',
  SL: '#2f8a6d',
};

export interface RegionIcon {
  color: string;
  text: string;
}

const REGION_ICONS: Readonly<Record<number, RegionIcon>> = {
  1: { color: '#1f5130', text: '#ffffff' },
  2: { color: '#b3261e', text: '#ffffff' },
  3: { color: '#3f6fb5', text: '#ffffff' },
  4: { color: '#7b4fa0', text: '#ffffff' },
  5: { color: '#7a4a24', text: '#ffffff' },
  6: { color: '#c2185b', text: '#ffffff' },
  7: { color: '#00838f', text: '#ffffff' },
  8: { color: '#d9a400', text: '#1b1d1a' },
  9: { color: '#e06c00', text: '#1b1d1a' },
  10: { color: '#2e3a87', text: '#ffffff' },
};

export const DEFAULT_REGION_ICON: RegionIcon = { color: '#6b6f69', text: '#ffffff' };

/** The marker of a community of region `region` (1–10; anything else gets the default). */
export function regionIcon(region: number): RegionIcon {
  const icon = Object.hasOwn(REGION_ICONS, region) ? REGION_ICONS[region] : undefined;
  return icon ?? DEFAULT_REGION_ICON;
}

/** The text inside the marker: the region number, or a dot for the default icon. */
export function regionBadge(region: number): string {
  return Object.hasOwn(REGION_ICONS, region) ? String(region) : '•';
}

export const ZONE_COLOUR = '#b8651b';
