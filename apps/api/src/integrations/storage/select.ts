import type { Logger } from 'pino';
import type { AppConfig } from '../../config';
import { createLocalStorage } from './local/local-storage';
import { createS3Storage, s3OptionsFrom } from './s3/s3-storage';
import type { FileStorage } from './storage';

/** S3-compatible object storage when S3_BUCKET is set, else files under DATA_DIR/uploads. */
export function createFileStorage(config: AppConfig, logger?: Logger): FileStorage {
  const s3 = s3OptionsFrom(config);
  return s3 ? createS3Storage(config, s3, logger) : createLocalStorage(config);
}
