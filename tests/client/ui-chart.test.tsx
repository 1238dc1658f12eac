import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { Chart } from '#ui/chart.tsx';
import { useSpanish } from '#tests/helpers/i18n-test';

beforeAll(useSpanish);

describe('Chart', () => {
  it('loads ECharts on demand and draws a named chart (or says it cannot) without throwing', async () => {
    render(
      <Chart
        label="Entregas por año"
        option={{
          xAxis: { type: 'category', data: ['2025', '2026'] },
          yAxis: { type: 'value' },
          series: [{ type: 'bar', data: [120, 80] }],
        }}
      />,
    );
    expect(screen.getByRole('img', { name: 'Entregas por año' })).toBeTruthy();
    expect(screen.getByText('Cargando gráfica…')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Cargando gráfica…')).toBeNull(), {
      timeout: 10_000,
    });
  });
});
