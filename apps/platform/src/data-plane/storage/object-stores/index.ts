export { FileStore } from './file-store.ts';
export { S3Store, type S3StoreConfig } from './s3-store.ts';
export { assertSafeKey, measuring, ObjectTooLargeError, type ByteRange, type ObjectStore, type PutOptions, type StoredObject, type WrittenObject } from './types.ts';
