import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, chmod, mkdir, rename, rm, stat } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../../config';
import { incomingFile, measureFile, uploadsDir } from '../incoming';
import { assertStoredName, type FileStorage, type OpenedFile, type StoredFile } from '../storage';

/**
 * The default driver: bytes on disk under DATA_DIR/uploads/<uuid>. Taking over an upload is a rename within
 * uploads/ (the incoming folder is inside it). Several instances share files by sharing DATA_DIR/uploads
 * (a volume mounted on each).
 */
export function createLocalStorage(config: Pick<AppConfig, 'DATA_DIR'>): FileStorage {
  const root = uploadsDir(config);
  const storedPath = (storedName: string) => path.join(root, assertStoredName(storedName));

  return {
    kind: 'local',

    async put(incomingPath): Promise<StoredFile> {
      const from = incomingFile(config, incomingPath);
      try {
        const { size, sha256 } = await measureFile(from);
        const storedName = randomUUID();
        await chmod(from, 0o600);
        await rename(from, storedPath(storedName));
        return { storedName, size, sha256 };
      } finally {
        await rm(from, { force: true }).catch(() => undefined);
      }
    },

    async open(storedName): Promise<OpenedFile | undefined> {
      const file = storedPath(storedName);
      try {
        const info = await stat(file);
        if (!info.isFile()) return undefined;
        return { stream: createReadStream(file), size: info.size };
      } catch {
        return undefined;
      }
    },

    async remove(storedName) {
      await rm(storedPath(storedName), { force: true });
    },

    async check() {
      try {
        await mkdir(root, { recursive: true, mode: 0o700 });
        await access(root, constants.R_OK | constants.W_OK);
        return { ok: true } as const;
      } catch (err) {
        return { ok: false, reason: `uploads folder ${root} is not writable (${(err as NodeJS.ErrnoException).code ?? 'error'})` } as const;
      }
    },
  };
}
