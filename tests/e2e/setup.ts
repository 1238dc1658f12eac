/** Each e2e file: a failed test leaves a picture of every page it still had open. */
import { beforeEach } from 'vitest';
import { shootOpenPages } from './browser';

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => shootOpenPages(task.name));
});
