export { FileStore } from './file-store.ts';
export { S3Store, type S3StoreConfig } from './s3-store.ts';
export { assertSafeKey, type ByteRange, type ObjectStore, type StoredObject, type WrittenObject } from './types.ts';
