import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import Dexie from 'dexie';
import { sealUserDatabases } from '#db/database';

// Sync files share a worker's module cache (vitest.config.ts, isolate: false): each file starts
// on an empty IndexedDB of its own, as it would in a fresh worker, for the databases it opens
// from here on.
const empty = new IDBFactory();
globalThis.indexedDB = empty;
Dexie.dependencies.indexedDB = empty;
// …and with the user databases in clear: a previous file may have sealed them.
sealUserDatabases(null);
