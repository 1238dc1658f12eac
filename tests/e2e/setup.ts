/** Each e2e file: a failed test leaves a picture of every page it still had open. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { shootOpenPages } from './browser';
import { CPU_METER, startCpuMeter, stopCpuMeter } from './cpu-meter';

let file = '';

beforeEach(({ task, onTestFailed }) => {
  file = task.file.name;
  onTestFailed(() => shootOpenPages(task.name));
});

// E2E_CPU=1: each file's CPU-seconds beside its wall time (cpu-meter.ts).
if (CPU_METER) {
  beforeAll(startCpuMeter);
  afterAll(() => stopCpuMeter(file));
}
