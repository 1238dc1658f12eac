/** Display colours of the portfolio map's region classes (docs/business-rules.md#portfolios). */
import type { RegionColour } from '#domain/portfolio';

export const REGION_COLOURS: Readonly<Record<RegionColour, string>> = {
  grey: '#7a7f78',
  green: '#1e7b3a',
  yellow: '#d9a400',
  red: '#b3261e',
};

/** Legend order: no loans, all current, some overdue, overdue above current. */
export const REGION_COLOUR_ORDER: readonly RegionColour[] = ['grey', 'green', 'yellow', 'red'];
