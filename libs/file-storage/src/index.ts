export * from './file-storage';
export * from './file-keys';
export * from './file-storage.factory';
export * from './adapters/disk/disk-file-storage.adapter';
export * from './direct-upload-signer';
export * from './storage-signing-secret';
