/**
 * The map tile templates of the run-time configuration, for every map of the app. The app
 * provides them (`src/app/map-tiles-provider.tsx` reads `GET /api/config/`, cached for
 * offline); a screen with a map reads them with `useMapTiles()` and passes them to `MapView`.
 * `null` = no configuration known yet: maps draw on their plain background.
 */
import { createContext, useContext } from 'react';
import type { MapTileConfig } from '#ui/map-style.ts';

const MapTilesContext = createContext<MapTileConfig | null>(null);

export const MapTilesProvider = MapTilesContext.Provider;

export function useMapTiles(): MapTileConfig | null {
  return useContext(MapTilesContext);
}
