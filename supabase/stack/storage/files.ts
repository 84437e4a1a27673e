// Object bytes on disk under .data/storage. A file is named by its object version (a UUID the
// server makes), never by the client's key, so no key can address a path on disk; storage-api's
// file backend keeps versions apart the same way. A row's `version` names its file: the file is
// written inside the row's transaction before commit and removed again if the commit fails, and
// an old version's file is removed only after the row stopped pointing at it.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, open, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

export class ObjectFiles {
  constructor(readonly root: string) {}

  pathOf(version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error(`not a version id: ${version}`);
    return path.join(this.root, 'objects', version.slice(0, 2), version);
  }

  async write(version: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(version);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes, { flag: 'wx' });
  }

  async copy(fromVersion: string, toVersion: string): Promise<void> {
    const target = this.pathOf(toVersion);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(this.pathOf(fromVersion), target);
  }

  async remove(version: string | null | undefined): Promise<void> {
    if (!version) return;
    await rm(this.pathOf(version), { force: true });
  }

  /**
   * The version's file held open, or undefined when it is gone: an open file stays readable to
   * the end though an overwrite removes it meanwhile.
   */
  async open(version: string): Promise<FileHandle | undefined> {
    return open(this.pathOf(version), 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
  }
}

/** storage-api's metadata.eTag: the quoted MD5 of the bytes, as S3 reports it. */
export function eTagOf(bytes: Uint8Array): string {
  return `"${createHash('md5').update(bytes).digest('hex')}"`;
}
