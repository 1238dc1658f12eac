/**
 * Today's loan portfolio for the home screen, computed on the phone from the replica (the
 * office replicates every contract and payment): the totals with their overdue bands, and the
 * same per region for the map. Undefined while the replica is being read.
 */
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { cachedConfig } from '#api/config';
import { todayIn } from '#domain/dates';
import type { Region } from '#domain/entities';
import {
  portfolioAt,
  portfolioByRegion,
  type PortfolioTotals,
  type RegionColour,
  regionColour,
} from '#domain/portfolio';
import { contractsAndPayments } from '#db/reads/credits';
import { regionsById } from '#db/reads/maps';
import { portfolioInputs } from './replica-portfolio.ts';

export interface RegionPortfolio extends PortfolioTotals {
  region: number;
  name: string;
  poly: Region['poly'];
  colour: RegionColour;
}

export interface HomePortfolio {
  date: string;
  totals: PortfolioTotals;
  regions: RegionPortfolio[];
}

export function useHomePortfolio(): HomePortfolio | undefined {
  const data = useLiveQuery(async () => {
    const [credits, regions] = await Promise.all([contractsAndPayments(), regionsById()]);
    return { ...credits, regions };
  }, []);

  return useMemo(() => {
    if (!data) return undefined;
    const date = todayIn(cachedConfig()?.timezone);
    const inputs = portfolioInputs(data.contracts, data.payments);
    const { regions } = data;
    const byId = new Map(regions.map((r) => [r.id, r]));
    const perRegion = portfolioByRegion(
      inputs,
      date,
      regions.map((r) => r.id),
    );
    return {
      date,
      totals: portfolioAt(inputs, date),
      regions: perRegion.map((p) => ({
        ...p,
        name: byId.get(p.region)?.nombre_de_region ?? String(p.region),
        poly: byId.get(p.region)?.poly ?? null,
        colour: regionColour(p),
      })),
    };
  }, [data]);
}
