import { Injectable } from '@nestjs/common';
import type { UploadKind } from './upload-kind';

/**
 * Every kind of upload this process takes, by name, for the storage address that finishes direct
 * uploads of any kind. Each kind adds itself as its module starts (`onModuleInit`), so the feature
 * that owns a kind declares it, and no list of every kind is kept anywhere.
 */
@Injectable()
export class UploadKinds {
  private readonly kinds = new Map<string, UploadKind<unknown>>();

  add(kind: UploadKind<unknown>): void {
    if (this.kinds.has(kind.name)) throw new Error(`Two kinds of upload are named ${kind.name}`);
    this.kinds.set(kind.name, kind);
  }

  named(name: string): UploadKind<unknown> | undefined {
    return this.kinds.get(name);
  }
}
