/**
 * Today's loan portfolio for the home screen, computed on the phone from the replica (the
 * office replicates every contract and payment): the totals with their overdue bands, and the
 * same per region for the map. Undefined while the replica is being read.
 */
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { cachedConfig } from '#api/config';
import { sessionStore } from '#api/session-store';
import { todayIn } from '#domain/dates';
import type { Region } from '#domain/entities';
import { OFFICE_READERS } from '#domain/roles';
import {
  portfolioAt,
  portfolioByRegion,
  type PortfolioTotals,
  type RegionColour,
  regionColour,
} from '#domain/portfolio';
import { currentDbUserId } from '#db/database';
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

interface HomeInputs {
  contracts: readonly unknown[];
  payments: readonly unknown[];
  regions: readonly Region[];
}

/**
 * The last portfolio computed, kept between visits of the home: the replica's arrays stay the
 * same until a table changes (#db/reads/kept-reads), so coming back to the home (the office's
 * usual way between screens) does not read and compute thousands of contracts again.
 */
let last: (HomeInputs & { date: string; portfolio: HomePortfolio }) | null = null;

function homePortfolio(data: HomeInputs, date: string): HomePortfolio {
  if (
    last &&
    last.contracts === data.contracts &&
    last.payments === data.payments &&
    last.regions === data.regions &&
    last.date === date
  )
    return last.portfolio;
  const inputs = portfolioInputs(data.contracts, data.payments);
  const byId = new Map(data.regions.map((r) => [r.id, r]));
  const perRegion = portfolioByRegion(
    inputs,
    date,
    data.regions.map((r) => r.id),
  );
  const portfolio: HomePortfolio = {
    date,
    totals: portfolioAt(inputs, date),
    regions: perRegion.map((p) => ({
      ...p,
      name: byId.get(p.region)?.nombre_de_region ?? String(p.region),
      poly: byId.get(p.region)?.poly ?? null,
      colour: regionColour(p),
    })),
  };
  last = { ...data, date, portfolio };
  return portfolio;
}

async function homeInputs(): Promise<HomeInputs> {
  const [credits, regions] = await Promise.all([contractsAndPayments(), regionsById()]);
  return { ...credits, regions };
}

/**
 * Reads and computes today's portfolio ahead of the home's visit (#app/screens' warm-up, while
 * the app is idle): the office moving from another screen to the home finds it ready. Only the
 * office's home shows it: a promoter's or a member's phone spends nothing on it.
 */
export async function warmHomePortfolio(): Promise<void> {
  const { role } = sessionStore.getState();
  if (currentDbUserId() === null || role === null || !OFFICE_READERS.includes(role)) return;
  homePortfolio(await homeInputs(), todayIn(cachedConfig()?.timezone));
}

export function useHomePortfolio(): HomePortfolio | undefined {
  const data = useLiveQuery(homeInputs, []);

  return useMemo(
    () => (data ? homePortfolio(data, todayIn(cachedConfig()?.timezone)) : undefined),
    [data],
  );
}
