import { pino, type Logger } from 'pino';
import type { AppConfig } from './config';

export function createLogger(config: Pick<AppConfig, 'LOG_LEVEL'>): Logger {
  return pino({ level: config.LOG_LEVEL, redact: ['password', '*.password', 'token', '*.token'] });
}
