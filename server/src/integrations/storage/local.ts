import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { checkKey, UPLOADS_PATH, type PhotoStorage } from './types';

/**
 * Photos as files under `root` (UPLOAD_DIR). A put writes a temporary file beside the target and renames it, so a
 * reader or a crash never sees half a picture; a failed write leaves nothing.
 */
export function createLocalStorage(root: string): PhotoStorage {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.promises.writeFile(tmp, body, { flag: 'wx' });
        await fs.promises.rename(tmp, file);
      } catch (e) {
        await fs.promises.rm(tmp, { force: true });
        throw e;
      }
    },
    async get(key) {
      const file = fileOf(key);
      let stat: fs.Stats;
      try {
        stat = await fs.promises.stat(file);
      } catch {
        return null;
      }
      if (!stat.isFile()) return null;
      return { body: fs.createReadStream(file), contentType: 'image/jpeg', size: stat.size };
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    url: (key) => `${UPLOADS_PATH}${checkKey(key)}`,
  };
}
