/**
 * Catching what an export hands to the browser (jsdom has no object URLs and no downloads):
 * the file and its name, and the file read back as typed cells keyed by the header.
 */
import { vi } from 'vitest';
import { readSheet, type ReadSheet, type TypedCell } from '#tests/helpers/xlsx-cells';

export interface CaughtDownloads {
  files: Blob[];
  names: string[];
}

// jsdom has no object URLs: the catchers go in, `releaseDownloads` puts the originals back.
const originalUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

export function releaseDownloads(): void {
  URL.createObjectURL = originalUrl.create;
  URL.revokeObjectURL = originalUrl.revoke;
}

/** Put catchers in place of object URLs and link clicks (`vi.restoreAllMocks` the click). */
export function catchDownloads(): CaughtDownloads {
  const files: Blob[] = [];
  const names: string[] = [];
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    if (blob instanceof Blob) files.push(blob);
    return 'blob:caught';
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { files, names };
}

function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = reader.result;
      if (result instanceof ArrayBuffer) resolve(new Uint8Array(result));
      else reject(new Error('the file was not read as bytes'));
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** A downloaded spreadsheet: its sheet, and each data row as typed cells by header. */
export async function readDownloaded(
  file: Blob,
): Promise<{ read: ReadSheet; rows: Record<string, TypedCell | undefined>[] }> {
  const read = readSheet(await blobBytes(file));
  const rows = read.rows.map((cells) =>
    Object.fromEntries(read.header.map((name, c) => [name, cells[c]])),
  );
  return { read, rows };
}
